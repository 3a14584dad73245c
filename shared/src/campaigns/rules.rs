//! Campaign rules of spec sections 4, 5 and 9.

use time::{macros::format_description, Date, OffsetDateTime};

use super::records::{CampaignRecord, CampaignStatus, CampaignType};

pub const PAGE_SIZE: usize = 10;
pub const INITIATIVE_MAX: usize = 50;
pub const QUESTION_MAX: usize = 50;
pub const TITLE_MAX: usize = 250;
pub const DESCRIPTION_MAX: usize = 500;
pub const TAG_NAME_MAX: usize = 30;
pub const TAGS_MIN: usize = 1;
pub const TAGS_MAX: usize = 4;
/// The rich-text editor's limit (spec section 9), counted in characters of the stored HTML.
pub const EDITOR_MAX: usize = 100_000;
pub const TIPS_MAX: usize = 500;

/// The longest answers a question may take, in seconds (issue 24): 30 s, 1, 2 or 5 minutes.
/// 0 (or none) is no limit.
pub const TIME_LIMITS_SECONDS: [u32; 4] = [30, 60, 120, 300];
pub const TIME_LIMIT_INVALID: &str = "Time limit must be none, 30 seconds, 1 minute, 2 minutes or 5 minutes";
/// How much longer than the limit a take may be: the studio stops at the limit, and a
/// recorder's last chunk and the container's rounding add a little.
pub const TIME_LIMIT_TOLERANCE_SECONDS: f64 = 1.5;

/// The stored limit of a requested one: `Ok(None)` for no limit (0).
pub fn time_limit(seconds: u32) -> Result<Option<u32>, &'static str> {
    match seconds {
        0 => Ok(None),
        s if TIME_LIMITS_SECONDS.contains(&s) => Ok(Some(s)),
        _ => Err(TIME_LIMIT_INVALID),
    }
}

/// "30 seconds", "1 minute", "5 minutes".
pub fn time_limit_label(seconds: u32) -> String {
    match seconds {
        s if s < 60 => format!("{s} seconds"),
        60 => "1 minute".into(),
        s if s % 60 == 0 => format!("{} minutes", s / 60),
        s => format!("{s} seconds"),
    }
}

/// Why a take longer than its question's limit is refused, or None when it fits.
pub fn over_time_limit(limit_seconds: Option<u32>, duration_seconds: f64) -> Option<String> {
    let limit = limit_seconds?;
    (duration_seconds > f64::from(limit) + TIME_LIMIT_TOLERANCE_SECONDS).then(|| {
        format!(
            "This answer is longer than the {} this question allows. Please record a shorter answer or upload a shorter file.",
            time_limit_label(limit)
        )
    })
}

pub const INITIATIVE_REQUIRED: &str = "Initiative is a required field";
pub const INITIATIVE_TOO_LONG: &str = "Initiative must be at most 50 characters";
pub const QUESTION_REQUIRED: &str = "Question is a required field";
pub const QUESTION_TOO_LONG: &str = "Question must be at most 50 characters";
pub const TITLE_REQUIRED: &str = "Title is a required field";
pub const TITLE_TOO_LONG: &str = "Title must be at most 250 characters";
pub const DESCRIPTION_REQUIRED: &str = "Description is a required field";
pub const DESCRIPTION_TOO_LONG: &str = "Description must be at most 500 characters";
pub const TAGS_TOO_FEW: &str = "Tags must be atleast 1 item";
pub const TAGS_TOO_MANY: &str = "Tags must be at most 4 items";
pub const TAG_REQUIRED: &str = "Tag is a required field";
pub const TAG_TOO_LONG: &str = "Tag must be at most 30 characters";
pub const TYPE_REQUIRED: &str = "Please select the campaign type";
pub const VISIBILITY_REQUIRED: &str = "Please select the visibility";
pub const MODE_REQUIRED: &str = "Please select the mode";
pub const DEADLINE_REQUIRED: &str = "Deadline is required for targeted campaigns";
pub const EXPIRY_REQUIRED: &str = "Expiry date is required for targeted campaigns";
pub const EXPIRY_BEFORE_DEADLINE: &str = "Expiry date must be on or after the deadline";
pub const EXPIRY_IN_PAST: &str = "Expiry date cannot be in the past";
pub const DATE_INVALID: &str = "Please enter a valid date (YYYY-MM-DD)";
pub const BRIEF_REQUIRED: &str = "Brief is a required field";
pub const EDITOR_TOO_LONG: &str = "Maximum character limit reached";
pub const CAMPAIGN_CHANGED: &str =
    "This campaign was changed by someone else in the meantime. Please reload to see the latest version.";
pub const CAMPAIGN_NOT_FOUND: &str = "Campaign not found";
pub const CAMPAIGN_NOT_AVAILABLE: &str = "This campaign is not available";

/// Required text with a maximum length (in characters), trimmed.
pub fn bounded(
    value: &str,
    max: usize,
    required: &'static str,
    too_long: &'static str,
) -> Result<String, &'static str> {
    let value = value.trim();
    if value.is_empty() {
        Err(required)
    } else if value.chars().count() > max {
        Err(too_long)
    } else {
        Ok(value.to_string())
    }
}

pub fn parse_date(value: &str) -> Result<Date, &'static str> {
    Date::parse(value.trim(), format_description!("[year]-[month]-[day]")).map_err(|_| DATE_INVALID)
}

pub fn format_date(date: Date) -> String {
    date.format(format_description!("[year]-[month]-[day]")).expect("date formats")
}

pub fn today() -> Date {
    OffsetDateTime::now_utc().date()
}

/// Status as people see it: a campaign past its expiry date is expired without anyone
/// touching it (the expiry date is the last day it can be answered).
pub fn effective_status(campaign: &CampaignRecord, today: Date) -> CampaignStatus {
    if past_expiry(campaign, today) {
        CampaignStatus::Expired
    } else {
        campaign.status
    }
}

/// Whether the campaign's expiry date is before `today`.
pub fn past_expiry(campaign: &CampaignRecord, today: Date) -> bool {
    campaign.expiry_date.as_deref().and_then(|d| parse_date(d).ok()).is_some_and(|expiry| expiry < today)
}

/// Checks a campaign's reminder settings: both intervals whole days from 1 to 30.
pub fn check_reminders(settings: &super::records::ReminderSettings) -> Vec<(&'static str, String)> {
    use super::records::ReminderSettings;
    let mut errors = Vec::new();
    let range = 1..=ReminderSettings::MAX_DAYS;
    if !range.contains(&settings.days_after_invitation) {
        errors.push((
            "reminders.daysAfterInvitation",
            format!("Remind between 1 and {} days after the invitation", ReminderSettings::MAX_DAYS),
        ));
    }
    if !range.contains(&settings.days_before_deadline) {
        errors.push((
            "reminders.daysBeforeDeadline",
            format!("Remind between 1 and {} days before the deadline", ReminderSettings::MAX_DAYS),
        ));
    }
    errors
}

/// Checks the dates of a campaign of `campaign_type`. `changed` says whether the expiry
/// date is being set now (an untouched past date is not re-judged).
pub fn check_dates(
    campaign_type: CampaignType,
    deadline: Option<&str>,
    expiry: Option<&str>,
    expiry_changed: bool,
    today: Date,
) -> Vec<(&'static str, &'static str)> {
    let mut errors = Vec::new();
    let deadline = deadline.filter(|d| !d.trim().is_empty());
    let expiry = expiry.filter(|d| !d.trim().is_empty());
    if campaign_type == CampaignType::Targeted {
        if deadline.is_none() {
            errors.push(("deadline", DEADLINE_REQUIRED));
        }
        if expiry.is_none() {
            errors.push(("expiryDate", EXPIRY_REQUIRED));
        }
    }
    let deadline = deadline.map(parse_date);
    let expiry = expiry.map(parse_date);
    if let Some(Err(message)) = deadline {
        errors.push(("deadline", message));
    }
    if let Some(Err(message)) = expiry {
        errors.push(("expiryDate", message));
    }
    if let (Some(Ok(deadline)), Some(Ok(expiry))) = (deadline, expiry) {
        if expiry < deadline {
            errors.push(("expiryDate", EXPIRY_BEFORE_DEADLINE));
        }
    }
    if let Some(Ok(expiry)) = expiry {
        if expiry_changed && expiry < today {
            errors.push(("expiryDate", EXPIRY_IN_PAST));
        }
    }
    errors
}

pub fn check_tag_count(count: usize) -> Result<(), &'static str> {
    if count < TAGS_MIN {
        Err(TAGS_TOO_FEW)
    } else if count > TAGS_MAX {
        Err(TAGS_TOO_MANY)
    } else {
        Ok(())
    }
}

/// Rich text within the editor's limit.
pub fn check_editor_text(value: &str) -> Result<(), &'static str> {
    if value.chars().count() > EDITOR_MAX {
        Err(EDITOR_TOO_LONG)
    } else {
        Ok(())
    }
}

fn is_emoji(c: char) -> bool {
    let code = c as u32;
    // Pictographs, emoticons, transport, supplemental symbols, flags (regional
    // indicators), dingbats and miscellaneous symbols, variation selectors, ZWJ.
    code >= 0x1F000 || (0x2600..=0x27BF).contains(&code) || (0xFE00..=0xFE0F).contains(&code) || code == 0x200D
}

/// Spec section 5: emoji in scripts are escaped on save (as HTML numeric references,
/// which the rich-text HTML already understands) and restored on load.
pub fn escape_emoji(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if is_emoji(c) {
            out.push_str(&format!("&#x{:X};", c as u32));
        } else {
            out.push(c);
        }
    }
    out
}

pub fn restore_emoji(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find("&#x") {
        out.push_str(&rest[..start]);
        let after = &rest[start + 3..];
        let decoded = after.find(';').and_then(|end| {
            let code = u32::from_str_radix(&after[..end], 16).ok()?;
            let c = char::from_u32(code).filter(|c| is_emoji(*c))?;
            Some((c, end))
        });
        match decoded {
            Some((c, end)) => {
                out.push(c);
                rest = &after[end + 1..];
            }
            None => {
                out.push_str("&#x");
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::date;

    #[test]
    fn bounded_text_uses_the_spec_messages() {
        assert_eq!(
            bounded("  Spring  ", INITIATIVE_MAX, INITIATIVE_REQUIRED, INITIATIVE_TOO_LONG),
            Ok("Spring".into())
        );
        assert_eq!(bounded("   ", INITIATIVE_MAX, INITIATIVE_REQUIRED, INITIATIVE_TOO_LONG), Err(INITIATIVE_REQUIRED));
        assert_eq!(
            bounded(&"x".repeat(51), QUESTION_MAX, QUESTION_REQUIRED, QUESTION_TOO_LONG),
            Err(QUESTION_TOO_LONG)
        );
        assert!(
            bounded(&"é".repeat(50), QUESTION_MAX, QUESTION_REQUIRED, QUESTION_TOO_LONG).is_ok(),
            "characters, not bytes"
        );
    }

    #[test]
    fn tag_counts() {
        assert_eq!(check_tag_count(0), Err("Tags must be atleast 1 item"));
        assert_eq!(check_tag_count(5), Err("Tags must be at most 4 items"));
        assert!(check_tag_count(1).is_ok() && check_tag_count(4).is_ok());
    }

    #[test]
    fn targeted_campaigns_need_both_dates_in_order() {
        let today = date!(2026 - 11 - 22);
        assert_eq!(
            check_dates(CampaignType::Targeted, None, None, true, today),
            vec![("deadline", DEADLINE_REQUIRED), ("expiryDate", EXPIRY_REQUIRED)]
        );
        assert!(check_dates(CampaignType::Evergreen, None, None, true, today).is_empty());
        assert_eq!(
            check_dates(CampaignType::Targeted, Some("2026-12-10"), Some("2026-12-01"), true, today),
            vec![("expiryDate", EXPIRY_BEFORE_DEADLINE)]
        );
        assert_eq!(
            check_dates(CampaignType::Evergreen, None, Some("2026-11-21"), true, today),
            vec![("expiryDate", EXPIRY_IN_PAST)]
        );
        assert!(check_dates(CampaignType::Evergreen, None, Some("2026-11-21"), false, today).is_empty());
        assert_eq!(
            check_dates(CampaignType::Evergreen, Some("31/12/2026"), None, true, today),
            vec![("deadline", DATE_INVALID)]
        );
    }

    #[test]
    fn emoji_round_trip_and_other_text_is_untouched() {
        let script = "<p>Hello 👋🏽 team ❤️ — café &amp; 日本 👩‍👩‍👧</p>";
        let escaped = escape_emoji(script);
        assert!(escaped.is_ascii() || !escaped.contains('👋'));
        assert!(escaped.contains("&#x1F44B;"));
        assert!(escaped.contains("café") && escaped.contains("日本") && escaped.contains("&amp;"));
        assert_eq!(restore_emoji(&escaped), script);
        // Numeric references that are not emoji stay as written.
        assert_eq!(restore_emoji("&#x41; &#xZZ; &#x1F600"), "&#x41; &#xZZ; &#x1F600");
    }
}

/// Words a person reads in `html` (the rich-text editor's brief or script): tags are not words.
pub fn words_in_html(html: &str) -> usize {
    let mut text = String::with_capacity(html.len());
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => {
                in_tag = true;
                text.push(' ');
            }
            '>' => in_tag = false,
            c if !in_tag => text.push(c),
            _ => {}
        }
    }
    text.split_whitespace().filter(|w| w.chars().any(char::is_alphanumeric)).count()
}

/// Reading speed assumed for what staff wrote (words a minute).
pub const READING_WORDS_PER_MINUTE: usize = 200;
/// Time per question: reading it, preparing, recording and one retake (seconds).
pub const SECONDS_PER_QUESTION: usize = 90;

/// How long answering a campaign takes, in whole minutes (at least 1): what there is to
/// read at [`READING_WORDS_PER_MINUTE`], and [`SECONDS_PER_QUESTION`] per question. The
/// invitation and the landing page say it, so people know what they commit to.
pub fn estimated_minutes(questions: usize, words_to_read: usize) -> u32 {
    let seconds = questions * SECONDS_PER_QUESTION + words_to_read * 60 / READING_WORDS_PER_MINUTE;
    seconds.div_ceil(60).max(1) as u32
}

#[cfg(test)]
mod estimate_tests {
    use super::*;

    #[test]
    fn the_estimate_counts_questions_and_the_words_to_read() {
        assert_eq!(words_in_html("<p>Tell us <strong>your</strong> story.</p><ul><li>One</li></ul>"), 5);
        assert_eq!(words_in_html("<p></p>"), 0);
        assert_eq!(estimated_minutes(0, 0), 1);
        assert_eq!(estimated_minutes(3, 0), 5, "4.5 minutes, rounded up");
        assert_eq!(estimated_minutes(3, 400), 7, "and two minutes of reading");
        assert_eq!(estimated_minutes(10, 0), 15);
    }
}
