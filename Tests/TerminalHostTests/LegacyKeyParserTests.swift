import ResponderKit
import Testing

@testable import TerminalHost

/// Legacy bytes: text, C0 controls, Alt prefix, xterm/VT CSI and SS3 keys, modifyOtherKeys.
@Suite struct LegacyKeyParserTests {
  static let vectors: [Vector] = [
    Vector("a", char("a")),
    Vector("A", char("A")),
    Vector("é", char("é")),
    Vector("€", char("€")),
    Vector("😀", key(Keysym(0x0101_f600), "😀")),
    Vector("\u{3}", key(Keysym(0x63), "\u{3}", ignoring: "c", .control)),
    Vector("\u{1}", key(Keysym(0x61), "\u{1}", ignoring: "a", .control)),
    Vector("\u{0}", key(.space, "\u{0}", ignoring: " ", .control)),
    // 0x1f is Control+_ (caret notation ^_; xterm sends it for Control+_ and Control+/).
    Vector("\u{1f}", key(Keysym(0x5f), "\u{1f}", ignoring: "_", .control)),
    Vector("\r", key(.returnKey, "\r")),
    Vector("\t", key(.tab, "\t")),
    Vector("\u{7f}", key(.backSpace, "\u{8}")),
    // 0x08 is Control+H unless the host says VERASE is ^H (reportsControlHAsBackSpace).
    Vector("\u{8}", key(Keysym(0x68), "\u{8}", ignoring: "h", .control)),
    Vector("\u{1b}a", char("a", .alt)),
    Vector("\u{1b}\u{3}", key(Keysym(0x63), "\u{3}", ignoring: "c", [.control, .alt])),
    Vector("\u{1b}é", char("é", .alt)),
    Vector("\u{1b}\u{7f}", key(.backSpace, "\u{8}", .alt)),
    Vector("\u{1b}\u{1b}", key(.escape, "\u{1b}", .alt)),
    Vector("\u{1b}\u{1b}[A", key(.up, "", .alt)),
    Vector("\u{1b}", key(.escape, "\u{1b}")),
    Vector("\u{1b}[", char("[", .alt)),
    Vector("\u{1b}O", char("O", .alt)),
    Vector("\u{1b}[A", key(.up)),
    Vector("\u{1b}[B", key(.down)),
    Vector("\u{1b}[C", key(.right)),
    Vector("\u{1b}[D", key(.left)),
    Vector("\u{1b}[H", key(.home)),
    Vector("\u{1b}[F", key(.end)),
    Vector("\u{1b}[E", key(Keysym(0xff9d))),
    Vector("\u{1b}OA", key(.up)),
    Vector("\u{1b}OH", key(.home)),
    Vector("\u{1b}OP", key(.f(1))),
    Vector("\u{1b}OQ", key(.f(2))),
    Vector("\u{1b}OR", key(.f(3))),
    Vector("\u{1b}OS", key(.f(4))),
    Vector("\u{1b}OM", key(.kpEnter, "\r")),
    Vector("\u{1b}Op", key(Keysym(0xffb0), "0")),
    Vector("\u{1b}[1;5A", key(.up, "", .control)),
    Vector("\u{1b}[1;2D", key(.left, "", .shift)),
    Vector("\u{1b}[1;10C", key(.right, "", [.shift, .super])),
    Vector("\u{1b}[5A", key(.up, "", .control)),
    Vector("\u{1b}[1;3P", key(.f(1), "", .alt)),
    Vector("\u{1b}[R", key(.f(3))),
    Vector("\u{1b}[Z", key(.tab, "\t", .shift)),
    Vector("\u{1b}[2~", key(.insert)),
    Vector("\u{1b}[3~", key(.delete)),
    Vector("\u{1b}[3;5~", key(.delete, "", .control)),
    Vector("\u{1b}[5~", key(.pageUp)),
    Vector("\u{1b}[6~", key(.pageDown)),
    Vector("\u{1b}[1~", key(.home)),
    Vector("\u{1b}[4~", key(.end)),
    Vector("\u{1b}[7~", key(.home)),
    Vector("\u{1b}[8~", key(.end)),
    Vector("\u{1b}[11~", key(.f(1))),
    Vector("\u{1b}[15~", key(.f(5))),
    Vector("\u{1b}[15;2~", key(.f(5), "", .shift)),
    Vector("\u{1b}[17~", key(.f(6))),
    Vector("\u{1b}[21~", key(.f(10))),
    Vector("\u{1b}[23~", key(.f(11))),
    Vector("\u{1b}[24;6~", key(.f(12), "", [.shift, .control])),
    Vector("\u{1b}[25~", key(.f(13))),
    Vector("\u{1b}[29~", key(.f(16))),
    Vector("\u{1b}[34~", key(.f(20))),
    Vector("\u{1b}[[A", key(.f(1))),
    Vector("\u{1b}[[E", key(.f(5))),
    Vector("\u{1b}[a", key(.up, "", .shift)),
    Vector("\u{1b}[d", key(.left, "", .shift)),
    Vector("\u{1b}[27;5;97~", key(Keysym(0x61), "\u{1}", ignoring: "a", .control)),
    Vector(
      "\u{1b}[27;6;97~",
      withUnshifted(key(Keysym(0x41), "\u{1}", ignoring: "A", [.shift, .control]), Keysym(0x61))),
    // rxvt: `$` adds Shift, `^` Control, `@` both (rxvt-unicode's rxvt(7), "Key Codes").
    Vector("\u{1b}[2$", key(.insert, "", .shift)),
    Vector("\u{1b}[3^", key(.delete, "", .control)),
    Vector("\u{1b}[7@", key(.home, "", [.control, .shift])),
    Vector("\u{1b}[8$", key(.end, "", .shift)),
    Vector("\u{1b}[5^", key(.pageUp, "", .control)),
    Vector("\u{1b}[11^", key(.f(1), "", .control)),
    Vector("\u{1b}[23$", key(.f(11), "", .shift)),
    Vector("\u{1b}[24@", key(.f(12), "", [.control, .shift])),
    Vector("\u{1b}[2$y", key(.insert, "", .shift), char("y")),
    // rxvt: SS3 a–d are Control+Up, Down, Right, Left.
    Vector("\u{1b}Oa", key(.up, "", .control)),
    Vector("\u{1b}Ob", key(.down, "", .control)),
    Vector("\u{1b}Oc", key(.right, "", .control)),
    Vector("\u{1b}Od", key(.left, "", .control)),
    // The Linux console's keypad 5 (console_codes(4)): CSI G, KP_Begin.
    Vector("\u{1b}[G", key(Keysym(0xff9d))),
    Vector("\u{1b}[1;5G", key(Keysym(0xff9d), "", .control)),
    Vector("\u{1b}[27;5;13~", key(.returnKey, "\r", .control)),
    Vector("\u{1b}[27;3;59~", key(Keysym(0x3b), ";", .alt)),
  ]

  @Test("legacy vectors decode to their keys", arguments: vectors)
  func legacyVector(_ vector: Vector) {
    #expect(decodeAll(vector.input) == vector.expected)
  }

  /// Each rxvt, SS3 and console vector decodes the same at every split.
  @Test func legacyVectorsDecodeTheSameAtEverySplit() {
    for vector in LegacyKeyParserTests.vectors {
      #expect(decodeAtEverySplit(bytes(vector.input)) == vector.expected, "\(vector)")
    }
  }

  /// With the terminal's erase character ^H, 0x08 is the BackSpace key; 0x7F stays BackSpace.
  @Test func controlHIsBackSpaceWhenTheTerminalErasesWithIt() {
    var parser = InputParser()
    parser.reportsControlHAsBackSpace = true
    #expect(
      decodeAll(bytes("\u{8}\u{7f}\u{1b}\u{8}"), parser: parser) == [
        key(.backSpace, "\u{8}"), key(.backSpace, "\u{8}"), key(.backSpace, "\u{8}", .alt),
      ])
  }

  @Test func plainTextBecomesOneKeyPerCharacterWithoutShift() {
    let items = decodeAll("Hi!")
    #expect(items == [char("H"), char("i"), char("!")])
  }

  @Test func keysCarryTheTimeOfTheirBytes() {
    var parser = InputParser()
    let items = parser.parse(bytes("x\u{1b}[A"), at: 7.5)
    #expect(
      items.map { item -> Double? in
        if case .event(let event) = item { return event.timestamp }
        return nil
      } == [7.5, 7.5])
  }
}
