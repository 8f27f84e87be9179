//! The error collector: every user mistake found while parsing and checking the input,
//! reported together, each at its own token (serde's `Ctxt`).

use std::cell::RefCell;

/// Collects errors. Must be consumed with [`Diagnostics::check`]: dropping it
/// unchecked panics, so no stage can lose a mistake it was told about.
pub(crate) struct Diagnostics {
    /// `None` once checked.
    errors: RefCell<Option<Vec<syn::Error>>>,
}

impl Diagnostics {
    pub(crate) fn new() -> Self {
        Self {
            errors: RefCell::new(Some(Vec::new())),
        }
    }

    /// Records an error at `tokens`.
    pub(crate) fn error<T: quote::ToTokens, M: std::fmt::Display>(&self, tokens: T, message: M) {
        self.push(syn::Error::new_spanned(tokens, message));
    }

    /// Records a `syn` error.
    pub(crate) fn push(&self, err: syn::Error) {
        self.errors
            .borrow_mut()
            .as_mut()
            .expect("internal error: Diagnostics used after check")
            .push(err);
    }

    /// All errors, combined into one, in the order they were found.
    pub(crate) fn check(self) -> syn::Result<()> {
        let errors = self
            .errors
            .borrow_mut()
            .take()
            .expect("internal error: Diagnostics checked twice");
        let mut errors = errors.into_iter();
        let Some(mut first) = errors.next() else {
            return Ok(());
        };
        for e in errors {
            first.combine(e);
        }
        Err(first)
    }
}

impl Drop for Diagnostics {
    fn drop(&mut self) {
        if !std::thread::panicking() && self.errors.borrow().is_some() {
            panic!("internal error: Diagnostics dropped without check");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn check_returns_every_error_in_order() {
        let diag = Diagnostics::new();
        diag.error(quote::quote!(a), "first");
        diag.error(quote::quote!(b), "second");
        let messages: Vec<String> = diag
            .check()
            .unwrap_err()
            .into_iter()
            .map(|e| e.to_string())
            .collect();
        assert_eq!(messages, ["first", "second"]);
        assert!(Diagnostics::new().check().is_ok());
    }

    #[test]
    #[should_panic(expected = "dropped without check")]
    fn dropping_unchecked_panics() {
        let diag = Diagnostics::new();
        diag.error(quote::quote!(a), "lost");
    }
}
