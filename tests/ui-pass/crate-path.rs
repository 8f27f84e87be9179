//! `crate = "..."`: the derive reaches the runtime through the given path only.

/// The runtime, re-exported under another name.
mod runtime {
    pub use ::packed_core::*;
}

pub mod nested {
    pub mod again {
        pub use ::packed_core::*;
    }
}

#[derive(runtime::Packed, Debug, PartialEq)]
#[packed(crate = "crate::runtime")]
struct ViaCrate {
    name: String,
}

#[derive(runtime::Packed, Debug, PartialEq)]
#[packed(crate = "crate::nested::again", len = "u16")]
enum ViaNested {
    A(String),
}

#[derive(runtime::Packed, Debug, PartialEq)]
#[packed(crate = "::packed_core", kind = 3)]
struct ViaAbsolute(u8);

#[derive(runtime::Packed, Debug, PartialEq)]
#[packed(crate = "packed_core")]
struct ViaExtern(u8);

fn main() {
    let v = ViaCrate { name: "hi".into() };
    let b = runtime::to_vec(&v).unwrap();
    assert_eq!(b, [2, b'h', b'i']);
    assert_eq!(runtime::from_slice::<ViaCrate>(&b).unwrap(), v);

    let n = ViaNested::A("x".into());
    let b = runtime::to_vec(&n).unwrap();
    assert_eq!(b, [0, 1, 0, b'x']);
    assert_eq!(runtime::from_slice::<ViaNested>(&b).unwrap(), n);

    assert_eq!(<ViaAbsolute as runtime::Kind>::KIND, 3);
    assert_eq!(runtime::to_vec(&ViaAbsolute(1)).unwrap(), [1]);
    assert_eq!(runtime::to_vec(&ViaExtern(2)).unwrap(), [2]);
}
