//! How text becomes search words, the same for what is indexed and what is searched:
//! lower case, split at anything that is neither a letter nor a digit (so "don't" is
//! "don" and "t"), letters with accents folded to their base letter for the common
//! Latin ones, each word at most [`MAX_WORD_CHARS`] characters.

/// Longer words are indexed (and searched) by their first characters.
pub const MAX_WORD_CHARS: usize = 40;

fn fold(c: char) -> char {
    match c {
        'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' => 'a',
        'ç' => 'c',
        'è' | 'é' | 'ê' | 'ë' => 'e',
        'ì' | 'í' | 'î' | 'ï' => 'i',
        'ñ' => 'n',
        'ò' | 'ó' | 'ô' | 'õ' | 'ö' | 'ø' => 'o',
        'ù' | 'ú' | 'û' | 'ü' => 'u',
        'ý' | 'ÿ' => 'y',
        other => other,
    }
}

/// The words of `text`, in order, repeats included.
pub fn words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(|w| w.to_lowercase().chars().map(fold).take(MAX_WORD_CHARS).collect())
        .collect()
}

/// The distinct words of `text`, in order of first appearance.
pub fn distinct_words(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for word in words(text) {
        if !out.contains(&word) {
            out.push(word);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_ignore_case_punctuation_and_accents() {
        assert_eq!(words("Café, DON'T stop!"), vec!["cafe", "don", "t", "stop"]);
        assert_eq!(distinct_words("the cat the hat"), vec!["the", "cat", "hat"]);
        assert!(words("?!  ").is_empty());
        assert_eq!(words(&"x".repeat(60))[0].len(), MAX_WORD_CHARS);
    }
}
