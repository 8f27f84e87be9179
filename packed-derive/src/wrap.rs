//! The `const _: () = { ... };` block every generated impl lives in.

use proc_macro2::TokenStream;
use quote::quote;

/// Wraps impls so their helper items cannot clash with the user's, and silences lints
/// that do not apply to generated code.
pub(crate) fn wrap(body: &TokenStream) -> TokenStream {
    quote! {
        #[doc(hidden)]
        #[allow(
            non_upper_case_globals,
            unused_qualifications,
            unused_parens,
            clippy::absolute_paths,
            clippy::semicolon_if_nothing_returned,
            clippy::used_underscore_binding,
            clippy::cast_possible_truncation,
            clippy::cast_sign_loss,
            clippy::cast_possible_wrap,
            clippy::unnecessary_cast,
            clippy::match_single_binding,
            clippy::needless_question_mark,
        )]
        const _: () = {
            #body
        };
    }
}
