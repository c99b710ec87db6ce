import Foundation
import Glibc
import ResponderKit
import Testing

@testable import TerminalHost

/// The application keypad (issue 41): the host switches it on from the terminal's terminfo
/// `smkx` and off with `rmkx` on every way out, as ncurses' `keypad(stdscr, TRUE)` does, and the
/// parser decodes what terminals then send.
@Suite("Application keypad", .serialized)
struct ApplicationKeypadTests {
  /// Bytes a terminal documents for a key in application keypad mode (DECKPAM) and, where the
  /// entry sets it, application cursor mode (DECCKM), and the key they are.
  struct Documented: CustomStringConvertible, Sendable {
    var source: String
    var bytes: String
    var keysym: Keysym
    var characters: String
    var modifiers: KeyEvent.ModifierFlags = []
    var description: String { "\(source): \(bytes.debugDescription)" }
  }

  static let ctlseqs = "xterm ctlseqs, VT220-Style Function Keys"
  static let stKeys = "st 0.9 config.def.h, key[] (appkey +1/+2, appcursor +1)"

  /// xterm's application keypad table (ctlseqs, "VT220-Style Function Keys": Space, Tab,
  /// Enter, `*` `+` `,` `-` `.` `/`, 0–9 and `=`), which st's, VTE's and the Linux console's
  /// digits share; decoded to the keypad keysyms with the characters xkbcommon gives them, as
  /// the kitty protocol's keypad keys are.
  static let keypad: [Documented] = {
    var rows = [
      Documented(source: ctlseqs, bytes: "\u{1b}O ", keysym: Keysym(0xff80), characters: " "),
      Documented(source: ctlseqs, bytes: "\u{1b}OI", keysym: Keysym(0xff89), characters: "\t"),
      Documented(source: ctlseqs, bytes: "\u{1b}OM", keysym: .kpEnter, characters: "\r"),
      Documented(source: ctlseqs, bytes: "\u{1b}OX", keysym: Keysym(0xffbd), characters: "="),
    ]
    for (final, keysym, character) in [
      ("j", 0xffaa, "*"), ("k", 0xffab, "+"), ("l", 0xffac, ","), ("m", 0xffad, "-"), ("n", 0xffae, "."),
      ("o", 0xffaf, "/"),
    ] {
      rows.append(
        Documented(
          source: ctlseqs, bytes: "\u{1b}O" + final, keysym: Keysym(UInt32(keysym)), characters: character)
      )
    }
    for digit in 0...9 {
      rows.append(
        Documented(
          source: ctlseqs, bytes: "\u{1b}O" + String(UnicodeScalar(UInt8(0x70 + digit))),
          keysym: Keysym(UInt32(0xffb0 + digit)), characters: String(digit)))
    }
    return rows
  }()

  /// Keypad keys with modifiers: xterm appends the modifier parameter to the keypad's SS3
  /// (input.c, `MODIFIER_PARM` after `kypd_apl`; the codes of ctlseqs' PC-Style Function Keys),
  /// VTE puts it before the final of Enter and the operators (keymap.cc,
  /// `_vte_keymap_key_add_key_modifiers`, `MODIFIER_ENCODING_SHORT`).
  static let modified: [Documented] = [
    Documented(
      source: "xterm input.c", bytes: "\u{1b}O2M", keysym: .kpEnter, characters: "\r", modifiers: .shift),
    Documented(
      source: "xterm input.c", bytes: "\u{1b}O5k", keysym: Keysym(0xffab), characters: "+",
      modifiers: .control),
    Documented(
      source: "VTE keymap.cc", bytes: "\u{1b}O3o", keysym: Keysym(0xffaf), characters: "/", modifiers: .alt),
    Documented(
      source: "xterm input.c", bytes: "\u{1b}O8q", keysym: Keysym(0xffb1), characters: "1",
      modifiers: [.shift, .alt, .control]),
    Documented(
      source: "xterm input.c", bytes: "\u{1b}O10M", keysym: .kpEnter, characters: "\r",
      modifiers: KeyEvent.ModifierFlags(rawValue: 9)),
  ]

  /// st's editing keys with its keypad in application mode (config.def.h's `+1` rows) and its
  /// cursor keys with DECCKM set: the xterm forms, where without the mode Delete is `CSI P`
  /// (F1's bytes), Insert `CSI 4 h` and Shift+End `CSI K`.
  static let stEditing: [Documented] = [
    Documented(source: stKeys, bytes: "\u{1b}[3~", keysym: .delete, characters: ""),
    Documented(source: stKeys, bytes: "\u{1b}[2~", keysym: .insert, characters: ""),
    Documented(source: stKeys, bytes: "\u{1b}[1;2F", keysym: .end, characters: "", modifiers: .shift),
    Documented(source: stKeys, bytes: "\u{1b}[1;5F", keysym: .end, characters: "", modifiers: .control),
    Documented(source: stKeys, bytes: "\u{1b}[3;2~", keysym: .delete, characters: "", modifiers: .shift),
    Documented(source: stKeys, bytes: "\u{1b}[2;5~", keysym: .insert, characters: "", modifiers: .control),
    Documented(source: stKeys, bytes: "\u{1b}[1;2H", keysym: .home, characters: "", modifiers: .shift),
    Documented(source: stKeys, bytes: "\u{1b}[1~", keysym: .home, characters: ""),
    Documented(source: stKeys, bytes: "\u{1b}OA", keysym: .up, characters: ""),
    Documented(source: ctlseqs + " (DECCKM)", bytes: "\u{1b}OF", keysym: .end, characters: ""),
  ]

  @Test(arguments: keypad + modified + stEditing)
  func documentedBytesDecodeToTheKey(_ row: Documented) throws {
    let items = decodeAtEverySplit(bytes(row.bytes))
    try #require(items.count == 1, "\(items)")
    #expect(items[0] == key(row.keysym, row.characters, row.modifiers))
  }

  /// Every key of xterm's keypad table with every modifier code xterm sends (2–16: Shift, Alt,
  /// Control, Meta and their sums, ctlseqs' PC-Style Function Keys) as `SS3 code final`, at every
  /// split of the bytes.
  @Test(arguments: keypad)
  func everyKeypadKeyTakesEveryModifierCode(_ row: Documented) {
    for code in 2...16 {
      var bytes = bytes(row.bytes)
      bytes.insert(contentsOf: Array(String(code).utf8), at: 2)
      let modifiers = KeyEvent.ModifierFlags(rawValue: UInt16(code - 1))
      #expect(
        decodeAtEverySplit(bytes) == [key(row.keysym, row.characters, modifiers)], "\(row) code \(code)")
    }
  }

  /// The SS3 form with a number is a key only with a key's final after the number; otherwise
  /// ESC O stays Alt+O and the rest is typed, as before (Alt+Shift+O then digits).
  @Test func ss3WithANumberAndNoKeyIsAltOAndTheRest() {
    #expect(decodeAll("\u{1b}O2") == [char("O", .alt), char("2")])
    #expect(decodeAll("\u{1b}O2z") == [char("O", .alt), char("2"), char("z")])
    #expect(
      decodeAll("\u{1b}O1234M") == [char("O", .alt), char("1"), char("2"), char("3"), char("4"), char("M")])
  }

  // MARK: - terminfo

  /// The seven entries the issue names, read with `tput` (ncurses itself) as the authority.
  static let entries = [
    "xterm-256color", "st-256color", "tmux-256color", "screen-256color", "linux", "rxvt-unicode-256color",
    "xterm-kitty",
  ]

  /// What ncurses' `tput -T term capability` prints (the raw string), nil when it fails (no
  /// such entry or capability).
  static func tput(_ term: String, _ capability: String) -> [UInt8]? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["tput", "-T", term, capability]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return nil }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return process.terminationStatus == 0 ? [UInt8](data) : nil
  }

  static var hasTput: Bool { tput("xterm", "smkx") != nil }

  @Test(.enabled(if: hasTput), arguments: entries)
  func theKeypadModeIsTheEntrysSmkxAndRmkx(_ term: String) {
    let mode = TerminalMode.applicationKeypad(environment: ["TERM": term])
    if let smkx = Self.tput(term, "smkx"), let rmkx = Self.tput(term, "rmkx"), !smkx.isEmpty, !rmkx.isEmpty {
      #expect(mode == .applicationKeypad(smkx: smkx, rmkx: rmkx), "\(term)")
    } else {
      #expect(mode == nil, "\(term)")
    }
  }

  /// Known entries as ncurses' terminfo.src writes them: xterm's and st's set DECCKM and
  /// DECKPAM, urxvt's DECKPAM alone, kitty's DECCKM alone, the Linux console's neither.
  @Test func entriesDifferInWhatTheySwitch() {
    let system = Terminfo.searchPath(environment: [:])
    func mode(_ term: String) -> TerminalMode? {
      TerminalMode.applicationKeypad(environment: ["TERM": term], terminfoDirectories: system)
    }
    let both = TerminalMode.applicationKeypad(
      smkx: bytes("\u{1b}[?1h\u{1b}="), rmkx: bytes("\u{1b}[?1l\u{1b}>"))
    for term in ["xterm-256color", "st-256color"]
    where Terminfo.entry(ofTerminal: term, searchPath: system) != nil {
      #expect(mode(term) == both, "\(term)")
    }
    if Terminfo.entry(ofTerminal: "rxvt-unicode-256color", searchPath: system) != nil {
      #expect(
        mode("rxvt-unicode-256color") == .applicationKeypad(smkx: bytes("\u{1b}="), rmkx: bytes("\u{1b}>")))
    }
    if Terminfo.entry(ofTerminal: "linux", searchPath: system) != nil { #expect(mode("linux") == nil) }
    #expect(TerminalMode.applicationKeypad(environment: [:]) == nil)
    #expect(
      TerminalMode.applicationKeypad(environment: ["TERM": "no-such-terminal"], terminfoDirectories: [])
        == nil)
  }

  /// Delays (`$<5>`, `$<2/>`, `$<10*>`) are taken out, as `tputs` does; anything else stays.
  @Test func paddingIsTakenOut() {
    #expect(Terminfo.withoutPadding(bytes("\u{1b}=$<5>")) == bytes("\u{1b}="))
    #expect(Terminfo.withoutPadding(bytes("a$<2.5*/>b")) == bytes("ab"))
    #expect(Terminfo.withoutPadding(bytes("a$<x>b$")) == bytes("a$<x>b$"))
  }

  /// A cut-short or malformed entry gives nil, never a crash.
  @Test func brokenEntriesGiveNoString() throws {
    let system = Terminfo.searchPath(environment: [:])
    let entry = try #require(Terminfo.entry(ofTerminal: "xterm-256color", searchPath: system))
    for length in [0, 1, 11, 12, 40, entry.count / 2, entry.count - 1] {
      _ = Terminfo.string(Terminfo.keypadTransmit, in: Array(entry.prefix(length)))
    }
    #expect(Terminfo.string(Terminfo.keypadTransmit, in: Array(entry.prefix(12))) == nil)
    #expect(Terminfo.string(-1, in: entry) == nil)
    #expect(Terminfo.string(10_000, in: entry) == nil)
  }

  // MARK: - every way out

  /// Computed, not stored: LeakSanitizer cannot see the arrays of an enum's payload kept in a
  /// global (the case is in the pointer's spare bits) and reports them as leaked.
  static var st: TerminalMode {
    .applicationKeypad(smkx: bytes("\u{1b}[?1h\u{1b}="), rmkx: bytes("\u{1b}[?1l\u{1b}>"))
  }

  /// Control-Z switches the keypad off with the other modes, and on again when continued.
  @Test func suspendSwitchesTheKeypadOffAndOnAgain() throws {
    let fake = FakeSystem()
    let terminal = Terminal(input: 0, output: 1, system: fake.calls_)
    try terminal.enterRawMode()
    try terminal.enable([.alternateScreen, Self.st])
    #expect(escapedText(fake.written) == "\\e[?1049h\\e[?1h\\e=")
    fake.written.removeAll()
    try terminal.suspend()
    #expect(escapedText(fake.written) == "\\e[?1l\\e>\\e[?1049l\\e[?1049h\\e[?1h\\e=")
    fake.written.removeAll()
    try terminal.restore()
    #expect(escapedText(fake.written) == "\\e[?1l\\e>\\e[?1049l")
  }

  /// A signal or a crash writes what the crash record holds: the keypad's `rmkx` with the rest.
  @Test func theCrashRecordSwitchesTheKeypadOff() throws {
    let fake = FakeSystem()
    let terminal = Terminal(input: 0, output: 1, system: fake.calls_)
    try terminal.enable([.alternateScreen, Self.st])
    let record = currentCrashRecord()
    #expect(record.active && escapedText(record.bytes) == "\\e[?1l\\e>\\e[?1049l")
    try terminal.restore()
  }

  /// The whole host on pseudo-terminals: with `TERM` naming an entry, the start-up bytes hold its
  /// `smkx` and the way out its `rmkx` (from `tput`, ncurses' own reading); the Linux console's
  /// entry has neither, so nothing is sent.
  @Test(.enabled(if: hasTput)) func aRunningHostInUrxvtSwitchesDECKPAMAlone() async {
    await #expect(processExitsWith: .success) {
      try await ApplicationKeypadTests.run(term: "rxvt-unicode-256color")
    }
  }

  @Test(.enabled(if: hasTput)) func aRunningHostInStSwitchesDECCKMAndDECKPAM() async {
    await #expect(processExitsWith: .success) { try await ApplicationKeypadTests.run(term: "st-256color") }
  }

  @Test(.enabled(if: hasTput)) func aRunningHostOnTheLinuxConsoleSwitchesNoKeypadMode() async {
    await #expect(processExitsWith: .success) { try await ApplicationKeypadTests.run(term: "linux") }
  }

  /// In the child process: starts a host with `TERM=term`, checks its start-up bytes, quits it
  /// and checks the restore; exits 0 when all held.
  static func run(term: String) async throws {
    let smkx = tput(term, "smkx") ?? []
    let rmkx = tput(term, "rmkx") ?? []
    let input = try PseudoTerminal()
    let output = try PseudoTerminal()
    let (app, host) = try await MainActor.run {
      setenv("TERM", term, 1)
      var configuration = TerminalHost.Configuration()
      configuration.enhancedKeyboard = false
      configuration.willExit = {
        let restore = output.drain()
        exitUnless(
          rmkx.isEmpty ? !restore.contains(bytes("\u{1b}>")) : restore.contains(rmkx), 3,
          "restore: \(escapedText(restore))")
        exit(0)
      }
      return try startedHost(configuration, input: input, output: output)
    }
    try await Task.sleep(for: .seconds(0.3))
    let startup = output.drain()
    exitUnless(
      smkx.isEmpty ? !startup.contains(bytes("\u{1b}=")) : startup.contains(smkx), 2,
      "start-up: \(escapedText(startup))")
    await MainActor.run { withExtendedLifetime(host) { app.terminate(nil) } }
    try await Task.sleep(for: .seconds(5))
    exitUnless(false, 5, "the host did not exit")
  }
}

extension [UInt8] {
  /// Whether `needle` occurs in these bytes.
  fileprivate func contains(_ needle: [UInt8]) -> Bool {
    guard !needle.isEmpty, needle.count <= count else { return needle.isEmpty }
    return (0...(count - needle.count)).contains { self[$0..<($0 + needle.count)].elementsEqual(needle) }
  }
}
