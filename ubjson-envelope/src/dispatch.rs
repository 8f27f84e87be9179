//! [`Dispatcher`]: route envelopes of several kinds to their handlers.

use alloc::boxed::Box;
use alloc::vec::Vec;
use core::fmt;

use packed_core::{DecodeOwned, Kind};

use crate::envelope::unwrap;
use crate::error::EnvelopeError;

/// A registered handler. `Send + Sync`, so that one dispatcher can serve every
/// connection of a multi-threaded server (behind an `Arc`, across `tokio::spawn`).
type Handler<'h, R, E> = Box<dyn Fn(&[u8]) -> Result<R, E> + Send + Sync + 'h>;

/// Routes envelopes to handlers by kind: reads the kind, then hands the
/// borrowed payload (no copy) to the handler registered for it.
///
/// Handlers return `Result<R, E>` for any error type `E` that envelope
/// errors convert into (`EnvelopeError` itself by default). Lookup is a
/// binary search over the registered kinds.
///
/// Handlers are `Fn + Send + Sync`, so a dispatcher is `Send` and `Sync` too:
/// a server builds it once and shares it among its connections' tasks (an
/// `Arc<Dispatcher<'static, R>>` moves into `tokio::spawn`). A handler that
/// keeps state between calls holds it behind a lock or an atomic.
///
/// ```
/// use ubjson_envelope::{wrap, Dispatcher, EnvelopeError, Mode};
///
/// let dispatcher = Dispatcher::<String>::new()
///     .on(1, |payload| Ok(format!("document of {} bytes", payload.len())))
///     .on(2, |payload| Ok(format!("ping {:?}", payload)));
///
/// let msg = wrap(2, &[7], Mode::Minimal)?;
/// assert_eq!(dispatcher.dispatch(&msg)?, "ping [7]");
///
/// let unknown = wrap(9, &[], Mode::Minimal)?;
/// assert_eq!(dispatcher.dispatch(&unknown), Err(EnvelopeError::UnknownKind { kind: 9 }));
/// # Ok::<(), EnvelopeError>(())
/// ```
pub struct Dispatcher<'h, R, E = EnvelopeError> {
    /// Sorted by kind, kinds unique.
    routes: Vec<(i64, Handler<'h, R, E>)>,
}

impl<'h, R, E: From<EnvelopeError>> Dispatcher<'h, R, E> {
    /// A dispatcher with no handlers.
    ///
    /// ```
    /// let d = ubjson_envelope::Dispatcher::<()>::new();
    /// assert_eq!(d.kinds().count(), 0);
    /// ```
    #[must_use]
    pub fn new() -> Self {
        Dispatcher { routes: Vec::new() }
    }

    /// Registers `handler` for `kind`, replacing any handler already
    /// registered for it.
    ///
    /// ```
    /// use ubjson_envelope::{wrap, Dispatcher, Mode};
    ///
    /// let d = Dispatcher::<u8>::new().on(1, |_| Ok(1)).on(1, |_| Ok(2));
    /// assert_eq!(d.dispatch(&wrap(1, &[], Mode::Minimal)?)?, 2);
    /// # Ok::<(), ubjson_envelope::EnvelopeError>(())
    /// ```
    #[must_use]
    pub fn on(
        mut self,
        kind: i64,
        handler: impl Fn(&[u8]) -> Result<R, E> + Send + Sync + 'h,
    ) -> Self {
        let handler: Handler<'h, R, E> = Box::new(handler);
        match self.routes.binary_search_by_key(&kind, |(k, _)| *k) {
            Ok(i) => {
                if let Some(slot) = self.routes.get_mut(i) {
                    slot.1 = handler;
                }
            }
            Err(i) => self.routes.insert(i, (kind, handler)),
        }
        self
    }

    /// Registers a handler for the record type `T`: its kind is `T::KIND`,
    /// and the payload is decoded as a `T` (with
    /// [`packed_core::from_slice`]) before `handler` sees it.
    ///
    /// `T` must not borrow from the payload; for borrowing records, use
    /// [`Dispatcher::on`] and decode inside the handler.
    ///
    /// ```
    /// use packed_core::Packed;
    /// use ubjson_envelope::Dispatcher;
    ///
    /// #[derive(Packed)]
    /// #[packed(kind = 10)]
    /// struct Add { a: i32, b: i32 }
    ///
    /// #[derive(Packed)]
    /// #[packed(kind = 11)]
    /// struct Neg { a: i32 }
    ///
    /// let calc = Dispatcher::<i32>::new()
    ///     .on_record(|m: Add| Ok(m.a + m.b))
    ///     .on_record(|m: Neg| Ok(-m.a));
    ///
    /// assert_eq!(calc.dispatch(&ubjson_envelope::to_vec(&Add { a: 2, b: 3 })?)?, 5);
    /// assert_eq!(calc.dispatch(&ubjson_envelope::to_vec(&Neg { a: 4 })?)?, -4);
    /// # Ok::<(), ubjson_envelope::EnvelopeError>(())
    /// ```
    #[must_use]
    pub fn on_record<T>(self, handler: impl Fn(T) -> Result<R, E> + Send + Sync + 'h) -> Self
    where
        T: DecodeOwned + Kind,
    {
        self.on(T::KIND, move |payload| {
            let record = packed_core::from_slice::<T>(payload)
                .map_err(|e| E::from(EnvelopeError::Decode(e)))?;
            handler(record)
        })
    }

    /// The registered kinds, in ascending order.
    ///
    /// ```
    /// let d = ubjson_envelope::Dispatcher::<()>::new().on(5, |_| Ok(())).on(-1, |_| Ok(()));
    /// assert_eq!(d.kinds().collect::<Vec<_>>(), [-1, 5]);
    /// ```
    pub fn kinds(&self) -> impl Iterator<Item = i64> + '_ {
        self.routes.iter().map(|(k, _)| *k)
    }

    /// Unwraps the envelope and calls the handler for its kind with the
    /// borrowed payload.
    ///
    /// # Errors
    ///
    /// Any [`unwrap`] error and
    /// [`EnvelopeError::UnknownKind`] (converted into `E`), or the handler's
    /// own error.
    ///
    /// ```
    /// use ubjson_envelope::{Dispatcher, EnvelopeError};
    ///
    /// let d = Dispatcher::<()>::new().on(1, |_| Ok(()));
    /// assert!(matches!(d.dispatch(b"Z"), Err(EnvelopeError::NotAnObject { .. })));
    /// ```
    pub fn dispatch(&self, bytes: &[u8]) -> Result<R, E> {
        let (kind, payload) = unwrap(bytes)?;
        let handler = self
            .routes
            .binary_search_by_key(&kind, |(k, _)| *k)
            .ok()
            .and_then(|i| self.routes.get(i))
            .ok_or(EnvelopeError::UnknownKind { kind })?;
        (handler.1)(payload)
    }
}

impl<R, E: From<EnvelopeError>> Default for Dispatcher<'_, R, E> {
    fn default() -> Self {
        Self::new()
    }
}

impl<R, E> fmt::Debug for Dispatcher<'_, R, E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Dispatcher")
            .field(
                "kinds",
                &self.routes.iter().map(|(k, _)| *k).collect::<Vec<_>>(),
            )
            .finish()
    }
}
