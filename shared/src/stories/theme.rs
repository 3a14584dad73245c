//! An organisation's brand theme: the colours, font, logo corner and caption style its
//! stories are rendered in (title and end cards, lower thirds, burned-in captions).
//!
//! The fonts are a small bundled set of open fonts, each a Debian package installed beside
//! ffmpeg (the media worker's image, the local stack): a font is chosen by name, never
//! uploaded. The web app previews a theme with the same fonts (their `@fontsource`
//! packages).

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::{
    error::FieldError,
    storage::{keys, Store, StoreResult},
};

/// A bundled open font.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum ThemeFont {
    /// DejaVu Sans (Debian `fonts-dejavu-core`): the widest coverage of scripts.
    #[default]
    #[serde(rename = "dejavuSans")]
    DejaVuSans,
    /// Liberation Sans (Debian `fonts-liberation`), metrics of Arial.
    LiberationSans,
    /// Liberation Serif (Debian `fonts-liberation`), metrics of Times New Roman.
    LiberationSerif,
    /// Lato (Debian `fonts-lato`).
    Lato,
    /// Open Sans (Debian `fonts-open-sans`).
    OpenSans,
}

impl ThemeFont {
    pub const ALL: [ThemeFont; 5] =
        [Self::DejaVuSans, Self::LiberationSans, Self::LiberationSerif, Self::Lato, Self::OpenSans];

    /// The family name fontconfig and libass know it by.
    pub fn family(self) -> &'static str {
        match self {
            Self::DejaVuSans => "DejaVu Sans",
            Self::LiberationSans => "Liberation Sans",
            Self::LiberationSerif => "Liberation Serif",
            Self::Lato => "Lato",
            Self::OpenSans => "Open Sans",
        }
    }

    /// The regular face's file, as its Debian package installs it.
    pub fn file(self) -> &'static str {
        match self {
            Self::DejaVuSans => "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
            Self::LiberationSans => "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
            Self::LiberationSerif => "/usr/share/fonts/truetype/liberation/LiberationSerif-Regular.ttf",
            Self::Lato => "/usr/share/fonts/truetype/lato/Lato-Regular.ttf",
            Self::OpenSans => "/usr/share/fonts/truetype/open-sans/OpenSans-Regular.ttf",
        }
    }

    /// The Debian package that installs [`Self::file`].
    pub fn debian_package(self) -> &'static str {
        match self {
            Self::DejaVuSans => "fonts-dejavu-core",
            Self::LiberationSans | Self::LiberationSerif => "fonts-liberation",
            Self::Lato => "fonts-lato",
            Self::OpenSans => "fonts-open-sans",
        }
    }

    /// The npm package the web app previews it with. Liberation is not on Fontsource: its
    /// previews use Arimo and Tinos, the fonts Liberation 2 was made from (the same metrics,
    /// so text wraps the same; the glyphs of Debian 12's Liberation 1.07 differ a little).
    pub fn fontsource_package(self) -> &'static str {
        match self {
            Self::DejaVuSans => "@fontsource/dejavu-sans",
            Self::LiberationSans => "@fontsource/arimo",
            Self::LiberationSerif => "@fontsource/tinos",
            Self::Lato => "@fontsource/lato",
            Self::OpenSans => "@fontsource/open-sans",
        }
    }
}

/// Where the logo sits over the story's clips; the end card always shows it, centred.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum LogoPosition {
    /// On the end card only.
    #[default]
    EndCardOnly,
    TopLeft,
    TopRight,
    BottomLeft,
    BottomRight,
}

/// The size of burned-in captions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum CaptionSize {
    Small,
    #[default]
    Medium,
    Large,
}

impl CaptionSize {
    /// The caption's font size as a share of the frame's shorter side.
    pub fn share_of_short_side(self) -> f64 {
        match self {
            Self::Small => 0.040,
            Self::Medium => 0.050,
            Self::Large => 0.062,
        }
    }
}

/// An organisation's brand theme.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BrandTheme {
    /// The cards' background, `#rrggbb`.
    #[schema(example = "#1f2937")]
    pub background: String,
    /// The cards' text and the lower thirds' text, `#rrggbb`.
    #[schema(example = "#ffffff")]
    pub text: String,
    /// The lower thirds' box, `#rrggbb`.
    #[schema(example = "#2563eb")]
    pub accent: String,
    pub font: ThemeFont,
    pub logo_position: LogoPosition,
    pub caption_size: CaptionSize,
    /// Burned-in captions on a dark box (otherwise outlined text).
    pub caption_box: bool,
}

impl Default for BrandTheme {
    fn default() -> Self {
        Self {
            background: "#111827".into(),
            text: "#ffffff".into(),
            accent: "#2563eb".into(),
            font: ThemeFont::default(),
            logo_position: LogoPosition::default(),
            caption_size: CaptionSize::default(),
            caption_box: true,
        }
    }
}

pub const COLOUR_RULE: &str = "A colour is # and six hexadecimal digits, like #1f2937";
pub const SAME_COLOURS: &str =
    "The text colour must differ from the background colour, or the cards' text cannot be read";

/// `#rrggbb` as its three channels.
pub fn rgb(colour: &str) -> Option<(u8, u8, u8)> {
    let hex = colour.strip_prefix('#')?;
    if hex.len() != 6 || !hex.chars().all(|c| c.is_ascii_hexdigit()) {
        return None;
    }
    let channel = |at: usize| u8::from_str_radix(&hex[at..at + 2], 16).ok();
    Some((channel(0)?, channel(2)?, channel(4)?))
}

impl BrandTheme {
    /// The theme with its colours in lower case (`#1F2937` → `#1f2937`, surrounding
    /// spaces dropped), or every invalid field.
    pub fn validated(&self) -> Result<Self, Vec<FieldError>> {
        let mut errors = Vec::new();
        let mut theme = self.clone();
        for (field, value) in
            [("background", &mut theme.background), ("text", &mut theme.text), ("accent", &mut theme.accent)]
        {
            *value = value.trim().to_ascii_lowercase();
            if rgb(value).is_none() {
                errors.push(FieldError::new(field, COLOUR_RULE));
            }
        }
        if errors.is_empty() && theme.text == theme.background {
            errors.push(FieldError::new("text", SAME_COLOURS));
        }
        if errors.is_empty() {
            Ok(theme)
        } else {
            Err(errors)
        }
    }
}

/// A theme sent to be saved. Missing fields read as empty, so the permission is checked
/// before the fields are, and each missing field gets its own message.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ThemeUpdate {
    /// `#rrggbb`.
    #[serde(default)]
    #[schema(example = "#1f2937")]
    pub background: String,
    /// `#rrggbb`, not the background's.
    #[serde(default)]
    #[schema(example = "#ffffff")]
    pub text: String,
    /// `#rrggbb`.
    #[serde(default)]
    #[schema(example = "#2563eb")]
    pub accent: String,
    #[serde(default)]
    pub font: Option<ThemeFont>,
    #[serde(default)]
    pub logo_position: Option<LogoPosition>,
    #[serde(default)]
    pub caption_size: Option<CaptionSize>,
    #[serde(default)]
    pub caption_box: Option<bool>,
}

pub const FONT_REQUIRED: &str = "Choose a font";
pub const LOGO_POSITION_REQUIRED: &str = "Choose where the logo goes";
pub const CAPTION_SIZE_REQUIRED: &str = "Choose a caption size";
pub const CAPTION_BOX_REQUIRED: &str = "Choose whether captions have a box behind them";

impl ThemeUpdate {
    /// The theme to save (colours in lower case), or every invalid field.
    pub fn validated(&self) -> Result<BrandTheme, Vec<FieldError>> {
        let mut errors = Vec::new();
        let theme = BrandTheme {
            background: self.background.clone(),
            text: self.text.clone(),
            accent: self.accent.clone(),
            font: self.font.unwrap_or_default(),
            logo_position: self.logo_position.unwrap_or_default(),
            caption_size: self.caption_size.unwrap_or_default(),
            caption_box: self.caption_box.unwrap_or_default(),
        };
        let theme = theme.validated().map_err(|e| errors.extend(e)).ok();
        for (missing, field, message) in [
            (self.font.is_none(), "font", FONT_REQUIRED),
            (self.logo_position.is_none(), "logoPosition", LOGO_POSITION_REQUIRED),
            (self.caption_size.is_none(), "captionSize", CAPTION_SIZE_REQUIRED),
            (self.caption_box.is_none(), "captionBox", CAPTION_BOX_REQUIRED),
        ] {
            if missing {
                errors.push(FieldError::new(field, message));
            }
        }
        match theme {
            Some(theme) if errors.is_empty() => Ok(theme),
            _ => Err(errors),
        }
    }
}

/// The organisation's saved theme (`keys::brand_theme`).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BrandThemeRecord {
    #[serde(rename = "PK")]
    pub pk: String,
    #[serde(rename = "SK")]
    pub sk: String,
    pub entity_type: String,
    pub tenant_id: String,
    pub theme: BrandTheme,
    pub updated_at: String,
    pub updated_by: String,
}

impl BrandThemeRecord {
    pub const ENTITY: &'static str = "BrandTheme";
}

/// The organisation's theme: the one saved, or the default.
pub async fn of_organisation(store: &Store, tenant_id: &str) -> StoreResult<BrandTheme> {
    Ok(store.get::<BrandThemeRecord>(&keys::brand_theme(tenant_id)).await?.map(|r| r.theme).unwrap_or_default())
}

/// Saves a [`BrandTheme::validated`] theme as the organisation's, replacing the one before.
pub async fn save(store: &Store, tenant_id: &str, theme: &BrandTheme, user_id: &str, at: String) -> StoreResult<()> {
    let key = keys::brand_theme(tenant_id);
    store
        .put(&BrandThemeRecord {
            pk: key.pk,
            sk: key.sk,
            entity_type: BrandThemeRecord::ENTITY.into(),
            tenant_id: tenant_id.into(),
            theme: theme.clone(),
            updated_at: at,
            updated_by: user_id.into(),
        })
        .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_bundled_font_is_installed() {
        for font in ThemeFont::ALL {
            assert!(
                std::path::Path::new(font.file()).is_file(),
                "{font:?}: {} is missing (apt-get install {})",
                font.file(),
                font.debian_package()
            );
        }
    }

    #[test]
    fn colours_are_checked_and_normalised() {
        let theme = BrandTheme { background: " #1F2937 ".into(), ..BrandTheme::default() };
        assert_eq!(theme.validated().unwrap().background, "#1f2937");
        let bad = BrandTheme { background: "red".into(), accent: "#12345".into(), ..BrandTheme::default() };
        let errors = bad.validated().unwrap_err();
        let fields: Vec<&str> = errors.iter().map(|e| e.field.as_str()).collect();
        assert_eq!(fields, ["background", "accent"]);
        assert_eq!(errors[0].message, COLOUR_RULE);
        let unreadable = BrandTheme { text: "#111827".into(), ..BrandTheme::default() };
        assert_eq!(unreadable.validated().unwrap_err()[0].field, "text");
        assert_eq!(rgb("#ff8000"), Some((255, 128, 0)));
    }

    #[test]
    fn the_theme_is_camel_case_json() {
        let json = serde_json::to_value(BrandTheme::default()).unwrap();
        assert_eq!(json["logoPosition"], "endCardOnly");
        assert_eq!(json["captionSize"], "medium");
        assert_eq!(json["font"], "dejavuSans");
        assert_eq!(json["captionBox"], true);
    }
}
