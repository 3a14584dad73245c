//! A function's routes, declared once ([`function_routes!`](crate::function_routes)).
//!
//! `utoipa-axum`'s `routes!` builds each route's OpenAPI operation and collects every
//! schema it names while it builds the router, and the document was thrown away in
//! Lambda: that work ran in every cold start. The macro gives the same list of handlers
//! two uses: `api()`, the routes with their document (the local gateway's
//! `/openapi.json`, the generated `openapi.json`), and `routes()`, the same routes alone
//! (path and methods from each handler's `#[utoipa::path]`), for the function's router.

#[doc(hidden)]
pub mod __private {
    pub use utoipa_axum::{paste, router::OpenApiRouter, routes, PathItemExt};
}

/// Declares a function's routes once, as two functions of the calling crate:
/// - `pub fn api() -> OpenApiRouter<AppContext>`: the routes and their OpenAPI document
///   (starting from `base`, when given, for schemas the routes do not collect);
/// - `pub fn routes() -> axum::Router<AppContext>`: the same routes without the
///   document, what the function serves.
///
/// ```ignore
/// storyhive_shared::function_routes!(base: ParameterSchemas::openapi(); list::all_campaigns, edit::add_campaign);
/// storyhive_shared::function_routes!(details);
/// ```
#[macro_export]
macro_rules! function_routes {
    (base: $base:expr; $( $($handler:ident)::+ ),+ $(,)?) => {
        $crate::function_routes!(@define $crate::routes::__private::OpenApiRouter::with_openapi($base); $( $($handler)::+ ),+);
    };
    ($( $($handler:ident)::+ ),+ $(,)?) => {
        $crate::function_routes!(@define $crate::routes::__private::OpenApiRouter::new(); $( $($handler)::+ ),+);
    };
    (@define $start:expr; $( $($handler:ident)::+ ),+) => {
        /// This function's routes with their OpenAPI document (the local gateway's
        /// `/openapi.json` and the generated `openapi.json`).
        pub fn api() -> $crate::routes::__private::OpenApiRouter<$crate::AppContext> {
            $start $( .routes($crate::routes::__private::routes!($($handler)::+)) )+
        }

        /// This function's routes, without building their OpenAPI document.
        pub fn routes() -> ::axum::Router<$crate::AppContext> {
            let router = ::axum::Router::new();
            $( let router = $crate::__function_route!(router; []; $($handler)::+); )+
            router
        }
    };
}

/// Adds one handler to `router` at the path and methods of its `#[utoipa::path]` (the
/// `__path_<handler>` type next to it), as `utoipa-axum`'s `routes!` does.
#[doc(hidden)]
#[macro_export]
macro_rules! __function_route {
    ($router:ident; [$($module:ident ::)*]; $handler:ident) => {
        $crate::routes::__private::paste! {{
            let path = <$($module ::)* [<__path_ $handler>] as ::utoipa::Path>::path();
            let methods = <$($module ::)* [<__path_ $handler>] as ::utoipa::Path>::methods();
            let method_router = methods.iter().fold(::axum::routing::MethodRouter::new(), |method_router, method| {
                method_router.on($crate::routes::__private::PathItemExt::to_method_filter(method), $($module ::)* $handler)
            });
            $router.route(if path.is_empty() { "/" } else { &path }, method_router)
        }}
    };
    ($router:ident; [$($module:ident ::)*]; $head:ident :: $($rest:tt)+) => {
        $crate::__function_route!($router; [$($module ::)* $head ::]; $($rest)+)
    };
}
