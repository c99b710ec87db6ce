import ResponderKit

/// The kitty keyboard protocol's functional key numbers (Private Use Area, 57344–63743, and a
/// few C0 codes) and the XKB keysyms they stand for.
///
/// The table is kitty's own (`docs/keyboard-protocol.rst`, "Functional key definitions", and
/// the keysym mapping kitty computes with xkbcommon), so a key decoded here has the keysym an
/// evdev keyboard decoded through xkbcommon would give. MEDIA_PLAY_PAUSE (57430) and
/// MEDIA_REVERSE (57431) have no keysym in kitty's table; they decode, as kitty's reverse
/// mapping does, to the Unicode keysym of their code point.
public enum KittyKeyCodes {
  /// The first Private Use Area code point kitty uses.
  public static let privateUseRange: ClosedRange<Int> = 57344...63743

  /// The keysym for a functional key number, or nil when the number is not one.
  ///
  /// Numbers below 128 are the four C0 keys the protocol keeps (Escape 27, Enter 13,
  /// Tab 9, Backspace 127); everything else outside the table is a Unicode key.
  public static func keysym(forFunctionalCode code: Int) -> Keysym? {
    let value: UInt32? =
      switch code {
      case 27: 0xff1b  // ESCAPE / Escape
      case 13: 0xff0d  // ENTER / Return
      case 9: 0xff09  // TAB / Tab
      case 127, 8: 0xff08  // BACKSPACE / BackSpace
      case 57358: 0xffe5  // CAPS_LOCK / Caps_Lock
      case 57359: 0xff14  // SCROLL_LOCK / Scroll_Lock
      case 57360: 0xff7f  // NUM_LOCK / Num_Lock
      case 57361: 0xff61  // PRINT_SCREEN / Print
      case 57362: 0xff13  // PAUSE / Pause
      case 57363: 0xff67  // MENU / Menu
      case 57376: 0xffca  // F13
      case 57377: 0xffcb  // F14
      case 57378: 0xffcc  // F15
      case 57379: 0xffcd  // F16
      case 57380: 0xffce  // F17
      case 57381: 0xffcf  // F18
      case 57382: 0xffd0  // F19
      case 57383: 0xffd1  // F20
      case 57384: 0xffd2  // F21
      case 57385: 0xffd3  // F22
      case 57386: 0xffd4  // F23
      case 57387: 0xffd5  // F24
      case 57388: 0xffd6  // F25
      case 57389: 0xffd7  // F26
      case 57390: 0xffd8  // F27
      case 57391: 0xffd9  // F28
      case 57392: 0xffda  // F29
      case 57393: 0xffdb  // F30
      case 57394: 0xffdc  // F31
      case 57395: 0xffdd  // F32
      case 57396: 0xffde  // F33
      case 57397: 0xffdf  // F34
      case 57398: 0xffe0  // F35
      case 57399: 0xffb0  // KP_0
      case 57400: 0xffb1  // KP_1
      case 57401: 0xffb2  // KP_2
      case 57402: 0xffb3  // KP_3
      case 57403: 0xffb4  // KP_4
      case 57404: 0xffb5  // KP_5
      case 57405: 0xffb6  // KP_6
      case 57406: 0xffb7  // KP_7
      case 57407: 0xffb8  // KP_8
      case 57408: 0xffb9  // KP_9
      case 57409: 0xffae  // KP_DECIMAL / KP_Decimal
      case 57410: 0xffaf  // KP_DIVIDE / KP_Divide
      case 57411: 0xffaa  // KP_MULTIPLY / KP_Multiply
      case 57412: 0xffad  // KP_SUBTRACT / KP_Subtract
      case 57413: 0xffab  // KP_ADD / KP_Add
      case 57414: 0xff8d  // KP_ENTER / KP_Enter
      case 57415: 0xffbd  // KP_EQUAL / KP_Equal
      case 57416: 0xffac  // KP_SEPARATOR / KP_Separator
      case 57417: 0xff96  // KP_LEFT / KP_Left
      case 57418: 0xff98  // KP_RIGHT / KP_Right
      case 57419: 0xff97  // KP_UP / KP_Up
      case 57420: 0xff99  // KP_DOWN / KP_Down
      case 57421: 0xff9a  // KP_PAGE_UP / KP_Page_Up
      case 57422: 0xff9b  // KP_PAGE_DOWN / KP_Page_Down
      case 57423: 0xff95  // KP_HOME / KP_Home
      case 57424: 0xff9c  // KP_END / KP_End
      case 57425: 0xff9e  // KP_INSERT / KP_Insert
      case 57426: 0xff9f  // KP_DELETE / KP_Delete
      case 57427: 0xff9d  // KP_BEGIN / KP_Begin
      case 57428: 0x1008ff14  // MEDIA_PLAY / XF86AudioPlay
      case 57429: 0x1008ff31  // MEDIA_PAUSE / XF86AudioPause
      case 57432: 0x1008ff15  // MEDIA_STOP / XF86AudioStop
      case 57433: 0x1008ff97  // MEDIA_FAST_FORWARD / XF86AudioForward
      case 57434: 0x1008ff3e  // MEDIA_REWIND / XF86AudioRewind
      case 57435: 0x1008ff17  // MEDIA_TRACK_NEXT / XF86AudioNext
      case 57436: 0x1008ff16  // MEDIA_TRACK_PREVIOUS / XF86AudioPrev
      case 57437: 0x1008ff1c  // MEDIA_RECORD / XF86AudioRecord
      case 57438: 0x1008ff11  // LOWER_VOLUME / XF86AudioLowerVolume
      case 57439: 0x1008ff13  // RAISE_VOLUME / XF86AudioRaiseVolume
      case 57440: 0x1008ff12  // MUTE_VOLUME / XF86AudioMute
      case 57441: 0xffe1  // LEFT_SHIFT / Shift_L
      case 57442: 0xffe3  // LEFT_CONTROL / Control_L
      case 57443: 0xffe9  // LEFT_ALT / Alt_L
      case 57444: 0xffeb  // LEFT_SUPER / Super_L
      case 57445: 0xffed  // LEFT_HYPER / Hyper_L
      case 57446: 0xffe7  // LEFT_META / Meta_L
      case 57447: 0xffe2  // RIGHT_SHIFT / Shift_R
      case 57448: 0xffe4  // RIGHT_CONTROL / Control_R
      case 57449: 0xffea  // RIGHT_ALT / Alt_R
      case 57450: 0xffec  // RIGHT_SUPER / Super_R
      case 57451: 0xffee  // RIGHT_HYPER / Hyper_R
      case 57452: 0xffe8  // RIGHT_META / Meta_R
      case 57453: 0xfe03  // ISO_LEVEL3_SHIFT / ISO_Level3_Shift
      case 57454: 0xfe11  // ISO_LEVEL5_SHIFT / ISO_Level5_Shift
      default: nil
      }
    return value.map { Keysym($0) }
  }

  /// The text an unmodified keypad key types (`KP_0` gives "0"), as xkbcommon's
  /// `xkb_keysym_to_utf8` does; nil for every other key.
  public static func keypadText(for keysym: Keysym) -> String? {
    keypadScalar(for: keysym).map { String($0) }
  }

  /// The one character of ``keypadText(for:)``, with no `String` built: the parser asks for
  /// every functional key.
  @inline(__always)
  static func keypadScalar(for keysym: Keysym) -> Unicode.Scalar? {
    switch keysym.rawValue {
    case 0xffb0...0xffb9: Unicode.Scalar(UInt8(keysym.rawValue - 0xffb0) + 0x30)
    case 0xffaa: "*"
    case 0xffab: "+"
    case 0xffac: ","
    case 0xffad: "-"
    case 0xffae: "."
    case 0xffaf: "/"
    case 0xffbd: "="
    case 0xff8d: "\r"
    case 0xff80: " "  // KP_Space and KP_Tab: xterm's keypad has them (SS3 SP, SS3 I)
    case 0xff89: "\t"
    default: nil
    }
  }
}
