//! Input rules of spec section 5, with their messages. Shared by every function
//! (and mirrored by the web app's rules, web/src/lib/validation/rules.ts: the examples in
//! web/src/lib/validation/cases.json are checked against both).

use crate::error::FieldError;

pub const WORK_EMAIL_REQUIRED: &str = "Please enter your work email address";
pub const EMAIL_INVALID: &str = "Please enter a valid email address";
/// A well-formed address at a personal-mail provider (staff addresses must be work ones):
/// says what is wrong rather than asking for an address again.
pub const PERSONAL_EMAIL: &str =
    "This is a personal email address (like Gmail or Outlook). Please use your work email address";
/// Spec section 5: the work-email rule for an address that is already registered.
pub const EMAIL_ALREADY_SENT: &str = "The entered email is already sent for review";
pub const PASSWORD_REQUIRED: &str = "Please enter a password";
pub const PASSWORD_RULE: &str = "Password must be at least 8 characters and contain an uppercase letter, a lowercase letter, a number and a special character, with no spaces";
pub const PASSWORDS_DO_NOT_MATCH: &str = "Passwords do not match";

/// Providers of personal mailboxes: not work addresses (judged by the domain after the last @).
const PERSONAL_MAIL_DOMAINS: &[&str] = &[
    "gmail.com",
    "googlemail.com",
    "yahoo.com",
    "yahoo.co.uk",
    "yahoo.fr",
    "ymail.com",
    "hotmail.com",
    "hotmail.co.uk",
    "outlook.com",
    "live.com",
    "live.co.uk",
    "msn.com",
    "aol.com",
    "icloud.com",
    "me.com",
    "mac.com",
    "proton.me",
    "protonmail.com",
    "pm.me",
    "gmx.com",
    "gmx.de",
    "gmx.net",
    "mail.com",
    "yandex.com",
    "yandex.ru",
    "zoho.com",
    "qq.com",
    "163.com",
    "126.com",
    "btinternet.com",
    "sky.com",
    "virginmedia.com",
    "web.de",
    "tutanota.com",
    "hey.com",
    "fastmail.com",
];

/// Normalises (trim, lower-case) and checks an address's form. Returns the address
/// or the message to show.
pub fn email(raw: &str, required_message: &'static str) -> Result<String, &'static str> {
    let address = raw.trim().to_lowercase();
    if address.is_empty() {
        return Err(required_message);
    }
    let Some((local, domain)) = address.rsplit_once('@') else {
        return Err(EMAIL_INVALID);
    };
    let domain_ok = domain.contains('.')
        && !domain.starts_with('.')
        && !domain.ends_with('.')
        && !domain.contains("..")
        && domain.split('.').all(|label| !label.is_empty() && label.chars().all(|c| c.is_alphanumeric() || c == '-'));
    let local_ok = !local.is_empty() && !local.contains('@') && local.len() <= 64;
    if address.len() > 254 || !domain_ok || !local_ok || address.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return Err(EMAIL_INVALID);
    }
    Ok(address)
}

/// A work address: well formed, and not at a personal-mail provider.
pub fn work_email(raw: &str) -> Result<String, &'static str> {
    let address = email(raw, WORK_EMAIL_REQUIRED)?;
    let domain = address.rsplit_once('@').map(|(_, d)| d).unwrap_or_default();
    if PERSONAL_MAIL_DOMAINS.contains(&domain) {
        return Err(PERSONAL_EMAIL);
    }
    Ok(address)
}

/// At least 8 characters with upper case, lower case, a digit and a special character; no spaces.
pub fn password(value: &str) -> Result<(), &'static str> {
    if value.is_empty() {
        return Err(PASSWORD_REQUIRED);
    }
    let long_enough = value.chars().count() >= 8 && value.len() <= 128;
    let upper = value.chars().any(char::is_uppercase);
    let lower = value.chars().any(char::is_lowercase);
    let digit = value.chars().any(|c| c.is_ascii_digit());
    let special = value.chars().any(|c| !c.is_alphanumeric() && !c.is_whitespace());
    let no_space = !value.chars().any(char::is_whitespace);
    if long_enough && upper && lower && digit && special && no_space {
        Ok(())
    } else {
        Err(PASSWORD_RULE)
    }
}

/// First and last names: required, at least 3 characters, letters only (spaces,
/// hyphens and apostrophes allowed after the first letter: "Anne-Marie", "O'Neil", and
/// "O’Neil" as phone keyboards type it), no other special characters or emojis.
pub fn person_name(value: &str, label: &str) -> Result<String, String> {
    let name = value.trim();
    if name.is_empty() {
        return Err(format!("{label} is a required field"));
    }
    if name.chars().count() < 3 {
        return Err(format!("{label} must be at least 3 characters"));
    }
    if name.chars().count() > 50 {
        return Err(format!("{label} must be at most 50 characters"));
    }
    let allowed = |c: char| c.is_alphabetic() || matches!(c, ' ' | '-' | '\'' | '\u{2019}');
    if !name.chars().all(allowed) || !name.chars().next().is_some_and(char::is_alphabetic) {
        return Err(format!("{label} must not contain special characters or emojis"));
    }
    Ok(name.to_string())
}

/// Collects field errors and turns them into one 400 at the end.
#[derive(Debug, Default)]
pub struct Errors(Vec<FieldError>);

impl Errors {
    pub fn add(&mut self, field: &str, message: impl Into<String>) {
        self.0.push(FieldError::new(field, message));
    }

    /// Records the error of `result`, if any, and hands back its value.
    pub fn check<T, M: Into<String>>(&mut self, field: &str, result: Result<T, M>) -> Option<T> {
        match result {
            Ok(value) => Some(value),
            Err(message) => {
                self.add(field, message);
                None
            }
        }
    }

    pub fn finish(self) -> Result<(), crate::ApiError> {
        if self.0.is_empty() {
            Ok(())
        } else {
            Err(crate::ApiError::Validation(self.0))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn work_email_rules() {
        assert_eq!(work_email("  Ann@Acme-Films.com "), Ok("ann@acme-films.com".into()));
        assert_eq!(work_email(""), Err(WORK_EMAIL_REQUIRED));
        assert_eq!(work_email("ann@gmail.com"), Err(PERSONAL_EMAIL));
        // Judged by the domain after the last @.
        assert_eq!(work_email("\"ann@acme.com\"@gmail.com"), Err(EMAIL_INVALID));
        for bad in ["ann", "ann@", "@acme.com", "ann@acme", "ann@acme..com", "an n@acme.com", "ann@.acme.com"] {
            assert_eq!(work_email(bad), Err(EMAIL_INVALID), "{bad}");
        }
    }

    #[test]
    fn password_rules() {
        assert_eq!(password("Abcdef1!"), Ok(()));
        assert_eq!(password(""), Err(PASSWORD_REQUIRED));
        for bad in ["Abcde1!", "abcdefg1!", "ABCDEFG1!", "Abcdefgh!", "Abcdefgh1", "Abcd efg1!"] {
            assert_eq!(password(bad), Err(PASSWORD_RULE), "{bad}");
        }
    }

    #[test]
    fn name_rules() {
        assert_eq!(person_name(" Anne-Marie ", "First name"), Ok("Anne-Marie".into()));
        assert_eq!(person_name("Zoë", "First name"), Ok("Zoë".into()));
        assert_eq!(person_name("", "First name").unwrap_err(), "First name is a required field");
        assert_eq!(person_name("Al", "Last name").unwrap_err(), "Last name must be at least 3 characters");
        for bad in ["Ann😀", "Ann!", "Ann3", "-Ann", "<b>Ann"] {
            assert_eq!(
                person_name(bad, "First name").unwrap_err(),
                "First name must not contain special characters or emojis",
                "{bad}"
            );
        }
    }

    /// The examples the web app's rules are tested with: the same input gets the same message.
    #[test]
    fn the_web_app_examples_get_the_same_messages() {
        #[derive(serde::Deserialize)]
        struct Name {
            label: String,
            input: String,
            message: Option<String>,
        }
        #[derive(serde::Deserialize)]
        struct Email {
            input: String,
            required: String,
            message: Option<String>,
        }
        #[derive(serde::Deserialize)]
        struct Password {
            input: String,
            message: Option<String>,
        }
        #[derive(serde::Deserialize)]
        struct Cases {
            names: Vec<Name>,
            emails: Vec<Email>,
            passwords: Vec<Password>,
        }
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../web/src/lib/validation/cases.json");
        let cases: Cases =
            serde_json::from_str(&std::fs::read_to_string(&path).expect("cases.json")).expect("cases.json");
        for case in cases.names {
            assert_eq!(person_name(&case.input, &case.label).err(), case.message, "{:?}", case.input);
        }
        for case in cases.emails {
            let required: &'static str = Box::leak(case.required.into_boxed_str());
            assert_eq!(email(&case.input, required).err().map(str::to_string), case.message, "{:?}", case.input);
        }
        for case in cases.passwords {
            assert_eq!(password(&case.input).err().map(str::to_string), case.message, "{:?}", case.input);
        }
    }

    #[test]
    fn errors_collect_into_one_validation_failure() {
        let mut errors = Errors::default();
        assert_eq!(errors.check("email", work_email("ann@acme.com")), Some("ann@acme.com".to_string()));
        errors.check("password", password("short"));
        match errors.finish() {
            Err(crate::ApiError::Validation(list)) => {
                assert_eq!(list, vec![FieldError::new("password", PASSWORD_RULE)]);
            }
            other => panic!("{other:?}"),
        }
    }
}
