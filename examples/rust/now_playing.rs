//! A Rust program that speaks through announcerd by calling libannouncer (only Rust's standard
//! library): the player's window, its Play button as the focus, and what it plays, waited for.
//!
//!     rustc now_playing.rs -l announcer && ./now_playing      (announcerd running)
use std::ffi::{CStr, CString};
use std::os::raw::{c_char, c_int, c_long, c_void};
use std::process::exit;
use std::ptr;

#[repr(C)]
struct Element {
    id: *const c_char,
    label: *const c_char,
    value: *const c_char,
    hint: *const c_char,
    language: *const c_char,
    traits: *const *const c_char,
    series_index: c_int,
    series_count: c_int,
}

#[link(name = "announcer")]
extern "C" {
    fn announcer_connect(socket: *const c_char, client: *const c_char, connection: *mut *mut c_void) -> c_int;
    fn announcer_close(connection: *mut c_void);
    fn announcer_window(connection: *mut c_void, title: *const c_char, utterance: *mut c_long) -> c_int;
    fn announcer_focus(connection: *mut c_void, element: *const Element, utterance: *mut c_long) -> c_int;
    fn announcer_say(connection: *mut c_void, text: *const c_char, priority: c_int, utterance: *mut c_long) -> c_int;
    fn announcer_wait_finished(connection: *mut c_void, utterance: c_long, milliseconds: c_int, status: *mut c_char, size: usize) -> c_int;
    fn announcer_error() -> *const c_char;
}

/// Stops with libannouncer's words for what failed.
fn check(what: &str, result: c_int) {
    if result != 0 {
        let why = unsafe { CStr::from_ptr(announcer_error()) }.to_string_lossy();
        eprintln!("now_playing: {}: {}", what, why);
        exit(1);
    }
}

fn main() {
    let client = CString::new("now-playing-rust").unwrap();
    let mut speech: *mut c_void = ptr::null_mut();
    check("connect", unsafe { announcer_connect(ptr::null(), client.as_ptr(), &mut speech) });

    let title = CString::new("Player").unwrap();
    check("window", unsafe { announcer_window(speech, title.as_ptr(), ptr::null_mut()) });

    let (id, label, button) = (CString::new("play").unwrap(), CString::new("Play").unwrap(), CString::new("button").unwrap());
    let traits = [button.as_ptr(), ptr::null()];
    let play = Element {
        id: id.as_ptr(), label: label.as_ptr(), value: ptr::null(), hint: ptr::null(), language: ptr::null(),
        traits: traits.as_ptr(), series_index: 0, series_count: 0,
    };
    check("focus", unsafe { announcer_focus(speech, &play, ptr::null_mut()) });

    let text = CString::new("Now playing: Blue in Green").unwrap();
    let mut utterance: c_long = 0;
    check("say", unsafe { announcer_say(speech, text.as_ptr(), 0, &mut utterance) });
    let mut status = [0 as c_char; 16];
    check("wait", unsafe { announcer_wait_finished(speech, utterance, 10_000, status.as_mut_ptr(), status.len()) });
    println!("{}", unsafe { CStr::from_ptr(status.as_ptr()) }.to_string_lossy());
    unsafe { announcer_close(speech) };
}
