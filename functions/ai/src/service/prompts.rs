//! What we ask the model and how its answers are read. Pure code: every rule here is
//! unit-tested. Prompts carry the campaign's context and the user's own words, never
//! anyone's name or e-mail address.

use storyhive_shared::{campaigns::rules, stories::draft::Citation};

use super::provider::ChatRequest;

/// How much of a brief, script or answer goes into a prompt (characters).
const CONTEXT_MAX: usize = 4000;
/// The most questions one call may ask for.
pub const QUESTIONS_MAX: usize = 10;
pub const QUESTIONS_DEFAULT: usize = 5;

/// The campaign as the model needs it.
#[derive(Debug, Clone, Default)]
pub struct CampaignContext {
    pub title: String,
    pub description: String,
    /// Plain text of the brief (may be empty).
    pub brief: String,
}

/// The generator's four required fields (spec section 5).
#[derive(Debug, Clone, Default)]
pub struct GeneratorFields {
    pub location: String,
    pub keywords: String,
    pub tone_of_voice: String,
    pub scene_request: String,
}

fn clip(text: &str, max: usize) -> String {
    let text = text.trim();
    if text.chars().count() <= max {
        text.to_string()
    } else {
        let mut clipped: String = text.chars().take(max).collect();
        clipped.push('…');
        clipped
    }
}

fn campaign_lines(campaign: &CampaignContext) -> String {
    let mut lines =
        format!("Campaign title: {}\nCampaign description: {}\n", campaign.title.trim(), campaign.description.trim());
    if !campaign.brief.trim().is_empty() {
        lines.push_str(&format!("Campaign brief: {}\n", clip(&campaign.brief, CONTEXT_MAX)));
    }
    lines
}

fn field_lines(fields: &GeneratorFields) -> String {
    format!(
        "Location: {}\nKeywords: {}\nTone of voice: {}\nScene request: {}\n",
        fields.location.trim(),
        fields.keywords.trim(),
        fields.tone_of_voice.trim(),
        fields.scene_request.trim()
    )
}

const QUESTIONS_SYSTEM: &str = "You help an organisation collect short video stories. You write the interview \
questions a person answers on camera. Each question is open, personal and at most 50 characters long. \
Answer with JSON only, exactly in this shape: {\"questions\": [\"first question\", \"second question\"]}.";

pub fn questions_request(
    campaign: &CampaignContext,
    fields: &GeneratorFields,
    existing: &[String],
    count: usize,
) -> ChatRequest {
    let mut user = campaign_lines(campaign);
    user.push_str(&field_lines(fields));
    if !existing.is_empty() {
        user.push_str("Questions the campaign already has (do not repeat them):\n");
        for question in existing {
            user.push_str(&format!("- {}\n", question.trim()));
        }
    }
    user.push_str(&format!("Write {count} new questions."));
    ChatRequest { system: QUESTIONS_SYSTEM.into(), user, max_tokens: 600, temperature: 0.7 }
}

pub fn regenerate_request(
    campaign: &CampaignContext,
    fields: &GeneratorFields,
    replaced: &str,
    others: &[String],
) -> ChatRequest {
    let mut user = campaign_lines(campaign);
    user.push_str(&field_lines(fields));
    user.push_str(&format!("Question to replace: {}\n", replaced.trim()));
    if !others.is_empty() {
        user.push_str("Other questions (do not repeat them):\n");
        for question in others {
            user.push_str(&format!("- {}\n", question.trim()));
        }
    }
    user.push_str("Write 1 new question that asks for the same kind of story in other words.");
    ChatRequest { system: QUESTIONS_SYSTEM.into(), user, max_tokens: 200, temperature: 0.9 }
}

/// What the paragraphs are for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ParagraphKind {
    Brief,
    Script,
}

const PARAGRAPHS_SYSTEM: &str = "You write for an organisation that collects short video stories. Answer with \
plain text only: short paragraphs separated by one blank line, no headings, no lists, no markdown.";

pub fn paragraphs_request(campaign: &CampaignContext, kind: ParagraphKind, prompt: &str, current: &str) -> ChatRequest {
    let mut user = campaign_lines(campaign);
    if !current.trim().is_empty() {
        user.push_str(&format!("Current text: {}\n", clip(current, CONTEXT_MAX)));
    }
    if !prompt.trim().is_empty() {
        user.push_str(&format!("Request: {}\n", clip(prompt, CONTEXT_MAX)));
    }
    user.push_str(match kind {
        ParagraphKind::Brief => {
            "Write the campaign brief: what the campaign is about and what a good video answer looks like, \
             in 2 to 4 paragraphs."
        }
        ParagraphKind::Script => {
            "Write the campaign script: what a contributor could say, in the first person, in 2 to 4 paragraphs."
        }
    });
    ChatRequest { system: PARAGRAPHS_SYSTEM.into(), user, max_tokens: 900, temperature: 0.7 }
}

const SCRIPT_SYSTEM: &str = "You help a person prepare what they will say on camera to answer one question of a \
video story campaign. Write in the first person, in their own voice, from their notes, without inventing facts \
beyond them. Answer with plain text only: 2 to 4 short paragraphs separated by one blank line, no headings, \
no markdown.";

/// The contributor's script for one question, from their prompt (or their first answer).
pub fn script_request(campaign: &CampaignContext, question: &str, tips: Option<&str>, notes: &str) -> ChatRequest {
    let mut user = campaign_lines(campaign);
    user.push_str(&format!("Question: {}\n", question.trim()));
    if let Some(tips) = tips.map(str::trim).filter(|t| !t.is_empty()) {
        user.push_str(&format!("Tips for answering: {tips}\n"));
    }
    user.push_str(&format!("The person's notes: {}\n", clip(notes, CONTEXT_MAX)));
    user.push_str("Write their script.");
    ChatRequest { system: SCRIPT_SYSTEM.into(), user, max_tokens: 900, temperature: 0.7 }
}

const STORY_SYSTEM: &str = "You are a story editor. From interview transcripts you choose the clips that tell \
one story, in the order it should be told. Every clip is a continuous range of one answer's words, quoted \
exactly as written, with the numbers of its first and last word (words are numbered from 0; a number in \
brackets gives the number of the word after it). Never change, join or invent words. Prefer whole sentences, \
and several speakers. Answer with JSON only, exactly in this shape: {\"clips\": [{\"answer\": \"A1\", \
\"firstWord\": 12, \"lastWord\": 30, \"quote\": \"the exact words\"}]}.";

/// A story drafted from `answers` (each rendered by `stories::draft::render_answer`), about
/// `target_seconds` long (speech at about 2.5 words a second).
pub fn story_request(campaign: &CampaignContext, brief: &str, target_seconds: u32, answers: &[String]) -> ChatRequest {
    let mut user = campaign_lines(campaign);
    user.push_str(&format!(
        "Story brief: {}
",
        clip(brief, CONTEXT_MAX)
    ));
    user.push_str(&format!(
        "Target length: {target_seconds} seconds (about {} words in all).
Transcripts:
",
        target_seconds * 5 / 2
    ));
    for answer in answers {
        user.push_str(answer);
    }
    user.push_str("Choose the clips.");
    ChatRequest { system: STORY_SYSTEM.into(), user, max_tokens: 2000, temperature: 0.4 }
}

/// The clips in an answer: `{"clips": [...]}` (or a bare array; also inside a code fence or
/// a sentence). Items that are not clips are skipped; none left is unusable. Whether
/// each quote is what was said is checked afterwards, against the transcripts.
pub fn parse_citations(answer: &str) -> Result<Vec<Citation>, Unusable> {
    let body = unfenced(answer);
    let between = |open: char, close: char| match (body.find(open), body.rfind(close)) {
        (Some(start), Some(end)) if start < end => Some(&body[start..=end]),
        _ => None,
    };
    // Some models wrap the JSON in a sentence: then the outermost object, or array.
    let list = [Some(body), between('{', '}'), between('[', ']')]
        .into_iter()
        .flatten()
        .filter_map(|text| serde_json::from_str::<serde_json::Value>(text).ok())
        .find_map(|value| match value {
            serde_json::Value::Array(items) => Some(items),
            serde_json::Value::Object(mut map) => match map.remove("clips") {
                Some(serde_json::Value::Array(items)) => Some(items),
                _ => None,
            },
            _ => None,
        })
        .ok_or(Unusable("no list of clips"))?;
    let citations: Vec<Citation> = list.into_iter().filter_map(|item| serde_json::from_value(item).ok()).collect();
    if citations.is_empty() {
        return Err(Unusable("no clip"));
    }
    Ok(citations)
}

/// The model's answer was not what we asked for.
#[derive(Debug, PartialEq, Eq)]
pub struct Unusable(pub &'static str);

/// Removes a Markdown code fence around an answer (models add them to JSON).
fn unfenced(text: &str) -> &str {
    let text = text.trim();
    let Some(rest) = text.strip_prefix("```") else { return text };
    let rest = rest.split_once('\n').map(|(_, body)| body).unwrap_or("");
    rest.trim_end().strip_suffix("```").unwrap_or(rest).trim()
}

fn clean_question(raw: &str) -> Option<String> {
    let text = raw.trim().trim_start_matches(|c: char| c.is_ascii_digit() || matches!(c, '.' | ')' | '-' | '*' | ' '));
    let text = text.trim().trim_matches('"').trim();
    if text.is_empty() {
        return None;
    }
    Some(text.to_string())
}

/// The questions in an answer: `{"questions": [...]}` (also inside a code fence, or as a
/// bare array). Questions longer than the spec's 50 characters, empty ones and repeats
/// are dropped; none left is unusable.
pub fn parse_questions(answer: &str) -> Result<Vec<String>, Unusable> {
    let body = unfenced(answer);
    let value: serde_json::Value = match serde_json::from_str(body) {
        Ok(value) => value,
        // Some models wrap the JSON in a sentence: take the outermost object.
        Err(_) => match (body.find('{'), body.rfind('}')) {
            (Some(start), Some(end)) if start < end => {
                serde_json::from_str(&body[start..=end]).map_err(|_| Unusable("not JSON"))?
            }
            _ => return Err(Unusable("not JSON")),
        },
    };
    let list = match &value {
        serde_json::Value::Array(items) => items.clone(),
        serde_json::Value::Object(map) => match map.get("questions").or_else(|| map.get("question")) {
            Some(serde_json::Value::Array(items)) => items.clone(),
            Some(one @ serde_json::Value::String(_)) => vec![one.clone()],
            _ => return Err(Unusable("no questions field")),
        },
        _ => return Err(Unusable("not a list of questions")),
    };
    let mut questions: Vec<String> = Vec::new();
    for item in list {
        let Some(text) = item.as_str().and_then(clean_question) else { continue };
        if text.chars().count() > rules::QUESTION_MAX {
            continue;
        }
        if !questions.iter().any(|q| q.eq_ignore_ascii_case(&text)) {
            questions.push(text);
        }
    }
    if questions.is_empty() {
        return Err(Unusable("no question of at most 50 characters"));
    }
    Ok(questions)
}

/// Plain paragraphs from an answer: code fences and Markdown headings removed, split on
/// blank lines. No paragraph left is unusable.
pub fn parse_paragraphs(answer: &str) -> Result<Vec<String>, Unusable> {
    let body = unfenced(answer);
    let paragraphs = split_paragraphs(body)
        .into_iter()
        .map(|p| p.trim_start_matches('#').trim().to_string())
        .filter(|p| !p.is_empty())
        .collect::<Vec<_>>();
    if paragraphs.is_empty() {
        return Err(Unusable("no text"));
    }
    if paragraphs.join("\n\n").chars().count() > rules::EDITOR_MAX {
        return Err(Unusable("longer than the editor takes"));
    }
    Ok(paragraphs)
}

/// The spec's rule for a `videoScript`: paragraphs are separated by blank lines.
pub fn split_paragraphs(text: &str) -> Vec<String> {
    let normalised = text.replace("\r\n", "\n");
    let mut paragraphs = Vec::new();
    let mut current: Vec<&str> = Vec::new();
    for line in normalised.lines() {
        if line.trim().is_empty() {
            if !current.is_empty() {
                paragraphs.push(current.join("\n").trim().to_string());
                current.clear();
            }
        } else {
            current.push(line);
        }
    }
    if !current.is_empty() {
        paragraphs.push(current.join("\n").trim().to_string());
    }
    paragraphs
}

/// Visible text of the rich-text editor's HTML (tags dropped, blocks on their own lines).
pub fn html_to_text(html: &str) -> String {
    let mut text = String::with_capacity(html.len());
    let mut in_tag = false;
    let mut tag = String::new();
    for c in html.chars() {
        match c {
            '<' => {
                in_tag = true;
                tag.clear();
            }
            '>' if in_tag => {
                in_tag = false;
                let name = tag.trim_start_matches('/').split_whitespace().next().unwrap_or("").to_lowercase();
                if matches!(name.as_str(), "p" | "br" | "li" | "div" | "h1" | "h2" | "h3" | "ul" | "ol") {
                    text.push('\n');
                }
            }
            _ if in_tag => tag.push(c),
            _ => text.push(c),
        }
    }
    let text = text
        .replace("&nbsp;", " ")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&");
    let text = rules::restore_emoji(&text);
    text.lines().map(str::trim).filter(|l| !l.is_empty()).collect::<Vec<_>>().join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn campaign() -> CampaignContext {
        CampaignContext { title: "Harbour stories".into(), description: "Life by the sea".into(), brief: String::new() }
    }

    fn fields() -> GeneratorFields {
        GeneratorFields {
            location: "Bristol docks".into(),
            keywords: "boats, families".into(),
            tone_of_voice: "warm".into(),
            scene_request: "at the quay".into(),
        }
    }

    #[test]
    fn the_question_prompt_carries_the_campaign_and_the_four_fields() {
        let request = questions_request(&campaign(), &fields(), &["Who are you?".into()], 3);
        for part in [
            "Harbour stories",
            "Life by the sea",
            "Bristol docks",
            "boats, families",
            "warm",
            "at the quay",
            "Who are you?",
            "Write 3",
        ] {
            assert!(request.user.contains(part), "{part} missing from {}", request.user);
        }
        assert!(request.system.contains("JSON"));
    }

    #[test]
    fn questions_are_read_from_json_fenced_json_or_a_bare_array() {
        assert_eq!(
            parse_questions(r#"{"questions": ["What brought you here?", "Who taught you?"]}"#).unwrap().len(),
            2
        );
        assert_eq!(
            parse_questions("```json\n{\"questions\": [\"1. What brought you here?\"]}\n```").unwrap(),
            vec!["What brought you here?".to_string()]
        );
        assert_eq!(parse_questions(r#"["A?", "a?", ""]"#).unwrap(), vec!["A?".to_string()]);
        assert_eq!(
            parse_questions(r#"Sure! {"question": "Why the sea?"} Enjoy."#).unwrap(),
            vec!["Why the sea?".to_string()]
        );
    }

    #[test]
    fn garbage_and_overlong_questions_are_unusable() {
        assert!(parse_questions("I cannot help with that.").is_err());
        assert!(parse_questions(r#"{"answer": 42}"#).is_err());
        let long = "x".repeat(51);
        assert!(parse_questions(&format!(r#"{{"questions": ["{long}"]}}"#)).is_err());
        assert_eq!(
            parse_questions(&format!(r#"{{"questions": ["{long}", "Short?"]}}"#)).unwrap(),
            vec!["Short?".to_string()]
        );
    }

    #[test]
    fn paragraphs_split_on_blank_lines_as_the_video_script_rule_says() {
        assert_eq!(split_paragraphs("One\nstill one\n\n\nTwo\r\n\r\nThree\n"), vec!["One\nstill one", "Two", "Three"]);
        assert_eq!(parse_paragraphs("```\n# Title\n\nBody\n```").unwrap(), vec!["Title", "Body"]);
        assert!(parse_paragraphs("  \n\n ").is_err());
    }

    #[test]
    fn the_script_prompt_carries_the_question_and_the_notes() {
        let request = script_request(&campaign(), "Why the sea?", Some("Be concrete"), "grew up on a ferry");
        for part in ["Harbour stories", "Why the sea?", "Be concrete", "grew up on a ferry"] {
            assert!(request.user.contains(part));
        }
    }

    #[test]
    fn html_becomes_plain_lines() {
        assert_eq!(
            html_to_text("<p>Hello &amp; <b>welcome</b></p><p>&#x1F600; there</p>"),
            "Hello & welcome\n😀 there"
        );
    }

    #[test]
    fn a_story_prompt_carries_the_brief_the_target_and_the_numbered_words() {
        let request = story_request(
            &CampaignContext { title: "Volunteers".into(), ..Default::default() },
            "Why volunteers stay, hopeful",
            60,
            &["A1 | Speaker 1 | Why do you stay?\n[0] I stay\n".to_string()],
        );
        assert!(request.system.contains("JSON only"));
        assert!(request.user.contains("Story brief: Why volunteers stay, hopeful\n"));
        assert!(request.user.contains("Target length: 60 seconds (about 150 words in all)."));
        assert!(request.user.contains("A1 | Speaker 1 | Why do you stay?\n[0] I stay\n"));
    }

    #[test]
    fn clips_are_read_from_json_in_a_fence_or_a_sentence_and_bad_items_are_skipped() {
        let fenced = "```json\n{\"clips\": [{\"answer\": \"A1\", \"firstWord\": 0, \"lastWord\": 1, \"quote\": \"I stay\"}, {\"answer\": 3}]}\n```";
        assert_eq!(
            parse_citations(fenced).unwrap(),
            [Citation { answer: "A1".into(), first_word: 0, last_word: 1, quote: "I stay".into() }]
        );
        let chatty = "Here you are: [{\"answer\": \"A2\", \"firstWord\": 4, \"lastWord\": 9, \"quote\": \"q\"}]";
        assert_eq!(parse_citations(chatty).unwrap()[0].answer, "A2");
        let chatty = "Here you are: {\"clips\": [{\"answer\": \"A2\", \"firstWord\": 4, \"lastWord\": 9, \"quote\": \"q\"}]} Enjoy.";
        assert_eq!(parse_citations(chatty).unwrap().len(), 1);
        assert_eq!(parse_citations("{\"clips\": []}"), Err(Unusable("no clip")));
        assert_eq!(parse_citations("no"), Err(Unusable("no list of clips")));
        assert_eq!(parse_citations("{\"questions\": []}"), Err(Unusable("no clip")));
    }
}
