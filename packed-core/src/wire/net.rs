//! IP addresses and socket addresses.
//!
//! `Ipv4Addr` is its 4 octets and `Ipv6Addr` its 16, in network order as `octets()`
//! gives them (raw bytes in every layout: an address is not an array of numbers);
//! `SocketAddrV4` its address then its port (a `u16`); `SocketAddrV6` its address,
//! port, flow info and scope id (a `u16` and two `u32`s). `IpAddr` and `SocketAddr` are
//! a variant index in the layout's conventions' form (`V4` 0, `V6` 1), then the
//! address, as a `std::variant` of the two would be.

use core::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, SocketAddrV4, SocketAddrV6};

use super::enums::{read_tag, unknown_variant, write_tag, VariantIndex};
use crate::explain::{framed, Role};
use crate::fast::{run, FixedSize};
use crate::{Ctx, Decode, DecodeError, Encode, EncodeError, Reader, Writer};

macro_rules! octets {
    ($($t:ty, $n:literal;)*) => {$(
        /// Its octets, in network order.
        impl Encode for $t {
            #[cfg_attr(not(debug_assertions), inline)]
            fn fixed_size<C: Ctx>() -> FixedSize<Self> {
                FixedSize::of($n)
            }
            #[inline]
            fn encode<C: Ctx, W: Writer + ?Sized>(&self, w: &mut W) -> Result<(), EncodeError> {
                framed(w, Role::Value, |w| w.write_bytes(&self.octets()))
            }
        }
        impl<'de> Decode<'de> for $t {
            const MIN_WIRE: usize = $n;
            const RESERVES_AHEAD: bool = false;
            #[cfg_attr(not(debug_assertions), inline)]
            fn fixed_size<C: Ctx>() -> FixedSize<Self> {
                FixedSize::of($n)
            }
            #[inline]
            fn decode<C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<Self, DecodeError> {
                let mut octets = [0u8; $n];
                r.read_into(&mut octets)?;
                Ok(<$t>::from(octets))
            }
        }
    )*};
}
octets! {
    Ipv4Addr, 4;
    Ipv6Addr, 16;
}

/// `Encode` and `Decode` for a socket address: its parts in order, `$get` of the value
/// (by value: they are `Copy`) each of type `$part`, made back with `new`.
macro_rules! socket {
    ($($t:ident: $($get:ident: $part:ty),+;)*) => {$(
        impl Encode for $t {
            #[cfg_attr(not(debug_assertions), inline)]
            fn fixed_size<C: Ctx>() -> FixedSize<Self> {
                FixedSize::of(run::run_size(&[$(<$part as Encode>::fixed_size::<C>().bytes()),+]))
            }
            #[inline]
            fn encode<C: Ctx, W: Writer + ?Sized>(&self, w: &mut W) -> Result<(), EncodeError> {
                $(self.$get().encode::<C, W>(w)?;)+
                Ok(())
            }
        }
        impl<'de> Decode<'de> for $t {
            const MIN_WIRE: usize = 0 $(+ <$part as Decode<'de>>::MIN_WIRE)+;
            const RESERVES_AHEAD: bool = false;
            #[cfg_attr(not(debug_assertions), inline)]
            fn fixed_size<C: Ctx>() -> FixedSize<Self> {
                FixedSize::of(<Self as Encode>::fixed_size::<C>().bytes())
            }
            #[inline]
            fn decode<C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<Self, DecodeError> {
                Ok(Self::new($(<$part>::decode::<C, R>(r)?),+))
            }
        }
    )*};
}
socket! {
    SocketAddrV4: ip: Ipv4Addr, port: u16;
    SocketAddrV6: ip: Ipv6Addr, port: u16, flowinfo: u32, scope_id: u32;
}

/// `IpAddr` and `SocketAddr`: variant index 0 and the V4 form, or 1 and the V6 form.
macro_rules! either {
    ($($t:ident($v4:ty, $v6:ty), $name:literal;)*) => {$(
        impl Encode for $t {
            #[inline]
            fn encode<C: Ctx, W: Writer + ?Sized>(&self, w: &mut W) -> Result<(), EncodeError> {
                match self {
                    $t::V4(a) => {
                        write_tag::<C, VariantIndex, W>(0, w)?;
                        a.encode::<C, W>(w)
                    }
                    $t::V6(a) => {
                        write_tag::<C, VariantIndex, W>(1, w)?;
                        a.encode::<C, W>(w)
                    }
                }
            }
        }
        impl<'de> Decode<'de> for $t {
            const MIN_WIRE: usize = 1 + <$v4 as Decode<'de>>::MIN_WIRE;
            const RESERVES_AHEAD: bool = false;
            #[inline]
            fn decode<C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<Self, DecodeError> {
                let offset = r.offset();
                match read_tag::<C, VariantIndex, R>(r)? {
                    0 => <$v4>::decode::<C, R>(r).map($t::V4),
                    1 => <$v6>::decode::<C, R>(r).map($t::V6),
                    i => Err(unknown_variant(offset, $name, u64::from(i))),
                }
            }
        }
    )*};
}
either! {
    IpAddr(Ipv4Addr, Ipv6Addr), "IpAddr";
    SocketAddr(SocketAddrV4, SocketAddrV6), "SocketAddr";
}
