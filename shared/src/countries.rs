//! The country list (ISO 3166-1), served by `GET /user/getCountryList` and used to
//! check the country of a profile.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Country {
    /// ISO 3166-1 alpha-2 code.
    pub code: String,
    pub name: String,
}

pub fn all() -> &'static [Country] {
    static LIST: std::sync::OnceLock<Vec<Country>> = std::sync::OnceLock::new();
    LIST.get_or_init(|| serde_json::from_str(include_str!("../data/countries.json")).expect("countries.json is valid"))
}

pub fn is_known(code: &str) -> bool {
    all().iter().any(|c| c.code == code)
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_list_is_complete_and_sorted_by_name() {
        let list = super::all();
        assert!(list.len() >= 249);
        assert!(super::is_known("GB") && super::is_known("FR") && !super::is_known("XX"));
        assert!(list.windows(2).all(|w| w[0].name <= w[1].name));
    }
}
