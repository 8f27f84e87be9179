//! Collects every user mistake so they are reported together (serde's `Ctxt`).

use std::cell::RefCell;

/// An error accumulator. Must be consumed with [`Ctxt::check`].
#[derive(Default)]
pub(crate) struct Ctxt {
    errors: RefCell<Vec<syn::Error>>,
}

impl Ctxt {
    /// Records an error at `tokens`.
    pub(crate) fn error<T: quote::ToTokens, M: std::fmt::Display>(&self, tokens: T, message: M) {
        self.errors
            .borrow_mut()
            .push(syn::Error::new_spanned(tokens, message));
    }

    /// Records a `syn` error.
    pub(crate) fn syn_error(&self, err: syn::Error) {
        self.errors.borrow_mut().push(err);
    }

    /// All errors, combined into one.
    pub(crate) fn check(self) -> Result<(), syn::Error> {
        let mut errors = self.errors.into_inner().into_iter();
        let Some(mut first) = errors.next() else {
            return Ok(());
        };
        for e in errors {
            first.combine(e);
        }
        Err(first)
    }
}
