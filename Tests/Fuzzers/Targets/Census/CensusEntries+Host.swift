import EventReplay
import Foundation
import ResponderKit
import TerminalHost
import XKBKeyboard

/// The keymap of the XKBKeyboard entries, compiled once (US, from the system's rules).
@MainActor let censusKeymap: Keymap? = try? Keymap(names: RuleNames(), ignoringEnvironment: true)

extension CensusEntry {
  // The terminal host's parser and values; EventReplay's driver, recordings and snapshots;
  // XKBKeyboard's keymap queries (an index naming no layout or level answers nothing).
  @MainActor static let host: [CensusEntry] = [
    CensusEntry("TerminalHost.InputParser.escapeTimeout: TimeInterval", durationRule) { stage, v in
      var parser = InputParser()
      parser.escapeTimeout = v
      stage.parse([0x1b], with: &parser)
      return parser.escapeTimeout
    },
    CensusEntry(
      "TerminalHost.InputParser.init(escapeTimeout:pasteChunkLimit:) escapeTimeout: TimeInterval",
      durationRule
    ) {
      stage, v in
      var parser = InputParser(escapeTimeout: v)
      stage.parse([0x1b], with: &parser)
      return parser.escapeTimeout
    },
    CensusEntry("TerminalHost.InputParser.pasteChunkLimit: Int", .clamped(to: 4...Int.max)) { stage, v in
      var parser = InputParser()
      parser.pasteChunkLimit = v
      stage.parse(Array("\u{1b}[200~pasted text\u{1b}[201~".utf8), with: &parser)
      return parser.pasteChunkLimit
    },
    CensusEntry(
      "TerminalHost.InputParser.init(escapeTimeout:pasteChunkLimit:) pasteChunkLimit: Int",
      .clamped(to: 4...Int.max)
    ) { stage, v in
      var parser = InputParser(pasteChunkLimit: v)
      stage.parse(Array("\u{1b}[200~pasted text\u{1b}[201~".utf8), with: &parser)
      return parser.pasteChunkLimit
    },
    call("TerminalHost.InputParser.parse(_:at:) at: TimeInterval", Double.self) { stage, v in
      var parser = InputParser()
      stage.deliver(parser.parse(Array("a\u{1b}".utf8), at: v) + parser.flush(at: v))
    },
    call("TerminalHost.InputParser.parse(_:at:each:) at: TimeInterval", Double.self) { stage, v in
      var parser = InputParser()
      var items: [TerminalInput] = []
      Array("a\u{1b}".utf8).withUnsafeBytes { parser.parse($0, at: v) { items.append($0) } }
      stage.deliver(items + parser.flush(at: v))
    },
    call("TerminalHost.InputParser.parse(_:at:into:) at: TimeInterval", Double.self) { stage, v in
      var parser = InputParser()
      var items: [TerminalInput] = []
      Array("a\u{1b}".utf8).withUnsafeBytes { parser.parse($0, at: v, into: &items) }
      stage.deliver(items + parser.flush(at: v))
    },
    call("TerminalHost.InputParser.expire(at:) at: TimeInterval", Double.self) { stage, v in
      var parser = InputParser()
      _ = parser.parse([0x1b], at: 0)
      stage.deliver(parser.expire(at: v))
    },
    call("TerminalHost.InputParser.expire(at:into:) at: TimeInterval", Double.self) { stage, v in
      var parser = InputParser()
      var items = parser.parse([0x1b], at: 0)
      parser.expire(at: v, into: &items)
      stage.deliver(items)
    },
    call("TerminalHost.InputParser.flush(at:) at: TimeInterval", Double.self) { stage, v in
      var parser = InputParser()
      _ = parser.parse([0x1b], at: 0)
      stage.deliver(parser.flush(at: v))
    },
    CensusEntry("TerminalHost.InputParser.cellLocation(ofPixelX:y:cellSize:) ofPixelX: Int", .accepted) {
      (stage: CensusStage, v: Int) -> Int? in
      for cell in [
        PixelSize(width: 8, height: 16), PixelSize(width: 0, height: -1), PixelSize(width: v, height: v),
      ] {
        stage.touch(id: 1, at: InputParser.cellLocation(ofPixelX: v, y: 3, cellSize: cell))
      }
      return nil
    },
    call("TerminalHost.InputParser.cellLocation(ofPixelX:y:cellSize:) y: Int", Int.self) { stage, v in
      stage.touch(
        id: 1, at: InputParser.cellLocation(ofPixelX: 3, y: v, cellSize: PixelSize(width: 8, height: 16)))
    },
    call("TerminalHost.KittyKeyCodes.keysym(forFunctionalCode:) forFunctionalCode: Int", Int.self) {
      stage, v in
      if let keysym = KittyKeyCodes.keysym(forFunctionalCode: v) {
        stage.deliver(KeyEvent(keysym: keysym, characters: ""))
      }
    },
    call("TerminalHost.RegularFile.read(atPath:limit:) limit: Int", Int.self) { stage, v in
      let data = try? RegularFile.read(atPath: "/etc/hostname", limit: v)
      stage.expect(
        v > 0 || data == nil || data?.isEmpty == true, "a limit of \(v) read \(data?.count ?? 0) bytes")
    },
    call("TerminalHost.ActionTraceFile.attach(to:capacity:) capacity: Int", Int.self) { stage, v in
      guard let trace = try? ActionTraceFile(url: URL(fileURLWithPath: "/dev/null")) else {
        return stage.problem("cannot open /dev/null")
      }
      stage.keep(trace)
      stage.keep(trace.attach(to: stage.application, capacity: v))
      stage.driver.press("Down")
    },
    field("TerminalHost.CursorPlacement.column: Int", { CursorPlacement(column: 0, row: 0) }, \.column),
    field("TerminalHost.CursorPlacement.row: Int", { CursorPlacement(column: 0, row: 0) }, \.row),
    CensusEntry("TerminalHost.CursorPlacement.init(column:row:) column: Int", .stored) { _, v in
      CursorPlacement(column: v, row: 0).column
    },
    CensusEntry("TerminalHost.CursorPlacement.init(column:row:) row: Int", .stored) { _, v in
      CursorPlacement(column: 0, row: v).row
    },
    field("TerminalHost.PixelSize.width: Int", { PixelSize(width: 0, height: 0) }, \.width),
    field("TerminalHost.PixelSize.height: Int", { PixelSize(width: 0, height: 0) }, \.height),
    CensusEntry("TerminalHost.PixelSize.init(width:height:) width: Int", .stored) { _, v in
      PixelSize(width: v, height: 1).width
    },
    CensusEntry("TerminalHost.PixelSize.init(width:height:) height: Int", .stored) { _, v in
      PixelSize(width: 1, height: v).height
    },
    field("TerminalHost.TerminalSize.columns: Int", { TerminalSize(columns: 80, rows: 24) }, \.columns),
    field("TerminalHost.TerminalSize.rows: Int", { TerminalSize(columns: 80, rows: 24) }, \.rows),
    CensusEntry("TerminalHost.TerminalSize.init(columns:rows:) columns: Int", .stored) { _, v in
      TerminalSize(columns: v, rows: 24).columns
    },
    CensusEntry("TerminalHost.TerminalSize.init(columns:rows:) rows: Int", .stored) { _, v in
      TerminalSize(columns: 80, rows: v).rows
    },
    field("TerminalHost.PointerReport.location: Point", { censusPointer() }, \.location),
    field("TerminalHost.PointerReport.timestamp: TimeInterval", { censusPointer() }, \.timestamp),
    CensusEntry(
      "TerminalHost.PointerReport.init(button:action:location:modifierFlags:timestamp:) location: Point",
      .stored
    ) {
      _, v in PointerReport(button: .middle, action: .press, location: v).location
    },
    CensusEntry(
      "TerminalHost.PointerReport.init(button:action:location:modifierFlags:timestamp:) timestamp: TimeInterval",
      .stored
    ) { _, v in PointerReport(button: .middle, action: .press, location: .zero, timestamp: v).timestamp },
    field(
      "TerminalHost.TerminalHost.Configuration.escapeTimeout: TimeInterval", { TerminalHost.Configuration() },
      \.escapeTimeout),
    CensusEntry("TerminalHost.TerminalHost.Configuration.minimumSize: Size?", .stored) {
      (_, v: Size) -> Size? in
      var configuration = TerminalHost.Configuration()
      configuration.minimumSize = v
      return configuration.minimumSize
    },

    // The clipboard (OSC 52): a limit is a byte count, below the sequence's length none is sent.
    call(
      "TerminalHost.ClipboardSequence.write(_:passthrough:maximumLength:) maximumLength: Int", Int.self
    ) { stage, v in
      let sequence = ClipboardSequence.write("copied", maximumLength: v)
      stage.expect(sequence == nil || sequence!.count <= v, "a sequence of \(sequence?.count ?? 0) bytes")
      _ = ClipboardSequence.write("copied", passthrough: .screen, maximumLength: v)
    },
    call("TerminalHost.ClipboardSequence.decodeReply(_:maximumLength:) maximumLength: Int", Int.self) {
      stage, v in
      let text = ClipboardSequence.decodeReply(Array("c;Y29waWVk".utf8), maximumLength: v)
      stage.expect(text == (v >= 8 ? "copied" : nil), "decoded \(text ?? "nil")")
    },
    field(
      "TerminalHost.TerminalPasteboard.maximumAnswerLength: Int", { TerminalPasteboard(environment: [:]) },
      \.maximumAnswerLength),
    field(
      "TerminalHost.TerminalPasteboard.maximumSequenceLength: Int", { TerminalPasteboard(environment: [:]) },
      \.maximumSequenceLength),
    field(
      "TerminalHost.TerminalPasteboard.readTimeout: Duration", { TerminalPasteboard(environment: [:]) },
      \.readTimeout),
    call("TerminalHost.InputParser.functionKey(forUnrequested:at:) at: TimeInterval", Double.self) {
      stage, v in
      if let key = InputParser.functionKey(forUnrequested: .cursorPosition(row: 0, column: 2), at: v) {
        stage.deliver(key)
      } else {
        stage.problem("no F3 for CSI 1;2 R")
      }
    },
    // The inline region's origin is a screen row: off the screen is the nearest row on it.
    CensusEntry("TerminalHost.Renderer.inlineOrigin: Int?", .clamped(to: 0...Size.maximumScreenDimension - 1))
    {
      (stage: CensusStage, v: Int) -> Int? in
      var renderer = Renderer()
      renderer.inlineOrigin = v
      _ = renderer.render(stage.driver.screen, cursor: nil)
      return renderer.inlineOrigin
    },
    call("TerminalHost.StandardInputReader.init(fileDescriptor:chunkSize:) chunkSize: Int", Int.self) {
      stage, v in
      // A size beyond what memory holds is capped; the reader is made and dropped unread.
      stage.keep(StandardInputReader(fileDescriptor: -1, chunkSize: v))
    },
    field(
      "TerminalHost.StandardInputReader.maximumBytesPerTurn: Int",
      { StandardInputReader(fileDescriptor: -1) },
      \.maximumBytesPerTurn),
    // An inline region is 1 row to the screen's height, whatever it was asked for.
    call("TerminalHost.TerminalPresentation.inline(fraction:onExit:) fraction: Double", Double.self) {
      stage, v in
      stage.expectRegion(TerminalPresentation.inline(fraction: v))
    },
    call("TerminalHost.TerminalPresentation.inline(rows:onExit:) rows: Int", Int.self) { stage, v in
      stage.expectRegion(TerminalPresentation.inline(rows: v))
    },
    call("TerminalHost.TerminalPresentation.regionRows(screenRows:) screenRows: Int", Int.self) { stage, v in
      for presentation in [TerminalPresentation.inline(rows: 12), .inline(fraction: 0.4), .fullScreen] {
        let rows = presentation.regionRows(screenRows: v)
        stage.expect(rows >= 1 && rows <= max(1, v), "\(rows) rows of a \(v)-row screen")
      }
    },

    // EventReplay.
    CensusEntry("EventReplay.HeadlessDriver.init(application:size:) size: Size", .screen) { _, v in
      let application = Application()
      let driver = HeadlessDriver(application: application, size: v)
      _ = driver.screen
      return application.screenSize
    },
    CensusEntry("EventReplay.HeadlessDriver.resize(to:) to: Size", .screen) { stage, v in
      stage.driver.resize(to: v)
      _ = stage.driver.screen
      return stage.application.screenSize
    },
    CensusEntry("EventReplay.HeadlessDriver.step: TimeInterval", durationRule) { stage, v in
      stage.driver.step = v
      stage.driver.press("Down")
      return stage.driver.step
    },
    call("EventReplay.HeadlessDriver.advance(by:) by: TimeInterval", Double.self) { stage, v in
      let before = stage.driver.now
      stage.driver.advance(by: v)
      stage.expect(
        stage.driver.now.isFinite && stage.driver.now >= before, "the clock went to \(stage.driver.now)")
    },
    driverCall("EventReplay.HeadlessDriver.tap(x:y:id:) x: Double", Double.self) { $0.tap(x: $1, y: 3) },
    driverCall("EventReplay.HeadlessDriver.tap(x:y:id:) y: Double", Double.self) { $0.tap(x: 3, y: $1) },
    driverCall("EventReplay.HeadlessDriver.tap(x:y:id:) id: Int", Int.self) { $0.tap(x: 3, y: 3, id: $1) },
    driverCall("EventReplay.HeadlessDriver.drag(from:to:steps:id:cancel:modifiers:) from: Point", Point.self)
    {
      $0.drag(from: $1, to: Point(x: 3, y: 3))
    },
    driverCall("EventReplay.HeadlessDriver.drag(from:to:steps:id:cancel:modifiers:) to: Point", Point.self) {
      $0.drag(from: Point(x: 3, y: 3), to: $1)
    },
    driverCall("EventReplay.HeadlessDriver.drag(from:to:steps:id:cancel:modifiers:) steps: Int", Int.self) {
      $0.drag(from: Point(x: 1, y: 1), to: Point(x: 9, y: 5), steps: $1)
    },
    driverCall("EventReplay.HeadlessDriver.drag(from:to:steps:id:cancel:modifiers:) id: Int", Int.self) {
      $0.drag(from: Point(x: 1, y: 1), to: Point(x: 9, y: 5), id: $1)
    },
    driverCall("EventReplay.HeadlessDriver.longPress(at:duration:id:) at: Point", Point.self) {
      $0.longPress(at: $1)
    },
    driverCall("EventReplay.HeadlessDriver.longPress(at:duration:id:) duration: TimeInterval", Double.self) {
      $0.longPress(at: Point(x: 3, y: 3), duration: $1)
    },
    driverCall("EventReplay.HeadlessDriver.longPress(at:duration:id:) id: Int", Int.self) {
      $0.longPress(at: Point(x: 3, y: 3), id: $1)
    },
    driverCall("EventReplay.HeadlessDriver.swipe(from:direction:distance:steps:id:) from: Point", Point.self)
    {
      $0.swipe(from: $1, direction: Point(x: 1, y: 0))
    },
    driverCall(
      "EventReplay.HeadlessDriver.swipe(from:direction:distance:steps:id:) direction: Point", Point.self
    ) {
      $0.swipe(from: Point(x: 3, y: 3), direction: $1)
    },
    driverCall(
      "EventReplay.HeadlessDriver.swipe(from:direction:distance:steps:id:) distance: Double", Double.self
    ) {
      $0.swipe(from: Point(x: 3, y: 3), direction: Point(x: 1, y: 0), distance: $1)
    },
    driverCall("EventReplay.HeadlessDriver.swipe(from:direction:distance:steps:id:) steps: Int", Int.self) {
      $0.swipe(from: Point(x: 3, y: 3), direction: Point(x: 1, y: 0), steps: $1)
    },
    driverCall("EventReplay.HeadlessDriver.swipe(from:direction:distance:steps:id:) id: Int", Int.self) {
      $0.swipe(from: Point(x: 3, y: 3), direction: Point(x: 1, y: 0), id: $1)
    },
    driverCall("EventReplay.HeadlessDriver.pinch(center:from:to:steps:) center: Point", Point.self) {
      $0.pinch(center: $1, from: 2, to: 8)
    },
    driverCall("EventReplay.HeadlessDriver.pinch(center:from:to:steps:) from: Double", Double.self) {
      $0.pinch(center: Point(x: 10, y: 4), from: $1, to: 8)
    },
    driverCall("EventReplay.HeadlessDriver.pinch(center:from:to:steps:) to: Double", Double.self) {
      $0.pinch(center: Point(x: 10, y: 4), from: 2, to: $1)
    },
    driverCall("EventReplay.HeadlessDriver.pinch(center:from:to:steps:) steps: Int", Int.self) {
      $0.pinch(center: Point(x: 10, y: 4), from: 2, to: 8, steps: $1)
    },
    driverCall("EventReplay.HeadlessDriver.rotate(center:radius:from:to:steps:) center: Point", Point.self) {
      $0.rotate(center: $1, to: 1)
    },
    driverCall("EventReplay.HeadlessDriver.rotate(center:radius:from:to:steps:) radius: Double", Double.self)
    {
      $0.rotate(center: Point(x: 10, y: 4), radius: $1, to: 1)
    },
    driverCall("EventReplay.HeadlessDriver.rotate(center:radius:from:to:steps:) from: Double", Double.self) {
      $0.rotate(center: Point(x: 10, y: 4), from: $1, to: 1)
    },
    driverCall("EventReplay.HeadlessDriver.rotate(center:radius:from:to:steps:) to: Double", Double.self) {
      $0.rotate(center: Point(x: 10, y: 4), to: $1)
    },
    driverCall("EventReplay.HeadlessDriver.rotate(center:radius:from:to:steps:) steps: Int", Int.self) {
      $0.rotate(center: Point(x: 10, y: 4), to: 1, steps: $1)
    },
    driverCall("EventReplay.HeadlessDriver.scroll(x:y:dy:) x: Double", Double.self) {
      $0.scroll(x: $1, y: 3, dy: 1)
    },
    driverCall("EventReplay.HeadlessDriver.scroll(x:y:dy:) y: Double", Double.self) {
      $0.scroll(x: 3, y: $1, dy: 1)
    },
    driverCall("EventReplay.HeadlessDriver.scroll(x:y:dy:) dy: Double", Double.self) {
      $0.scroll(x: 3, y: 3, dy: $1)
    },
    call("EventReplay.InputEvent.restamped(at:) at: TimeInterval", Double.self) { stage, v in
      _ = stage.driver.send(InputEvent.key(KeyEvent(keysym: .down, characters: "")).restamped(at: v))
    },
    field(
      "EventReplay.Recording.Entry.time: TimeInterval",
      { Recording.Entry(time: 0, input: .paste("x", timestamp: 0)) }, \.time),
    CensusEntry("EventReplay.Recording.Entry.init(time:input:) time: TimeInterval", .stored) { stage, v in
      stage.replay(Recording(entries: [Recording.Entry(time: v, input: .paste("x", timestamp: 0))])).entries
        .first?.time
    },
    call("EventReplay.Recording.append(_:at:) at: TimeInterval", Double.self) { stage, v in
      var recording = Recording()
      recording.append(.key(KeyEvent(keysym: .down, characters: "")), at: v)
      stage.replay(recording)
    },
    CensusEntry("EventReplay.Recording.screenSize: Size", .stored) { (stage: CensusStage, v: Size) -> Size? in
      var recording = Recording()
      recording.screenSize = v
      return stage.replay(recording).screenSize
    },
    CensusEntry("EventReplay.Recording.init(screenSize:launchDelay:entries:) screenSize: Size", .stored) {
      stage, v in
      stage.replay(Recording(screenSize: v)).screenSize
    },
    // The delay moves the replay's clock before the first entry; the clock takes it under the
    // timer rule, and the text keeps it.
    CensusEntry(
      "EventReplay.Recording.init(screenSize:launchDelay:entries:) launchDelay: TimeInterval?", .stored
    ) { (stage: CensusStage, v: Double) -> Double? in
      stage.replayWritten(Recording(launchDelay: v, entries: censusEntries)).launchDelay
    },
    CensusEntry("EventReplay.Recording.launchDelay: TimeInterval?", .stored) {
      (stage: CensusStage, v: Double) -> Double? in
      var recording = Recording(entries: censusEntries)
      recording.launchDelay = v
      return stage.replayWritten(recording).launchDelay
    },
    field(
      "EventReplay.RecordingError.line: Int",
      { censusRecordingError() }, \.line),
    call(
      "EventReplay.RecordingSession.init(options:application:configuration:terminalSize:replayDelay:) replayDelay: TimeInterval",
      Double.self
    ) { stage, v in
      var configuration = TerminalHost.Configuration()
      let session = try? RecordingSession(
        options: HostOptions(), application: stage.application, configuration: &configuration,
        terminalSize: nil,
        replayDelay: v)
      if let session { stage.keep(session) }
      stage.driver.advance(by: 1)
    },
    call("EventReplay.SessionRecorder.init(writingTo:screenSize:launchTime:) screenSize: Size", Size.self) {
      _, v in
      let recorder = SessionRecorder(writingTo: URL(fileURLWithPath: "/dev/null"), screenSize: v)
      recorder.record(.key(KeyEvent(keysym: .down, characters: "")))
    },
    call(
      "EventReplay.SessionRecorder.init(writingTo:screenSize:launchTime:) launchTime: TimeInterval?",
      Double.self
    ) { _, v in
      let recorder = SessionRecorder(writingTo: URL(fileURLWithPath: "/dev/null"), launchTime: v)
      recorder.record(.key(KeyEvent(keysym: .down, characters: "")))
    },
    call("EventReplay.Snapshot.svg(of:theme:cellWidth:cellHeight:) cellWidth: Int", Int.self) { stage, v in
      _ = Snapshot.svg(of: stage.driver.screen, cellWidth: v)
    },
    call("EventReplay.Snapshot.svg(of:theme:cellWidth:cellHeight:) cellHeight: Int", Int.self) { stage, v in
      _ = Snapshot.svg(of: stage.driver.screen, cellHeight: v)
    },

    // XKBKeyboard.
    keymapCall("XKBKeyboard.Keymap.layoutName(at:) at: Int", Int.self) { keymap, v in
      _ = keymap.layoutName(at: v)
    },
    keymapCall("XKBKeyboard.Keymap.levelCount(forKeyCode:layout:) layout: Int", Int.self) { keymap, v in
      _ = keymap.levelCount(forKeyCode: 38, layout: v)
    },
    keymapCall("XKBKeyboard.Keymap.keysyms(forKeyCode:layout:level:) layout: Int", Int.self) { keymap, v in
      _ = keymap.keysyms(forKeyCode: 38, layout: v, level: 0)
    },
    keymapCall("XKBKeyboard.Keymap.keysyms(forKeyCode:layout:level:) level: Int", Int.self) { keymap, v in
      _ = keymap.keysyms(forKeyCode: 38, layout: 0, level: v)
    },
    keymapCall("XKBKeyboard.Keymap.keyStrokes(for:layout:) layout: Int", Int.self) { keymap, v in
      _ = keymap.keyStrokes(for: Character("a"), layout: v)
      _ = keymap.keyStrokes(for: Keysym(unicodeScalar: "a"), layout: v)
    },
    keymapCall("XKBKeyboard.Keymap.keyPresses(typing:layout:) layout: Int", Int.self) { keymap, v in
      _ = try? keymap.keyPresses(typing: "ab", layout: v)
    },
    call("XKBKeyboard.KeyboardState.keyEvent(forKeyCode:phase:timestamp:) timestamp: Double", Double.self) {
      stage, v in
      guard let keymap = censusKeymap, let state = KeyboardState(keymap: keymap) else {
        return stage.problem("no keymap")
      }
      stage.deliver(state.keyEvent(forKeyCode: 38, phase: .down, timestamp: v))
    },
    call(
      "XKBKeyboard.KeyEventTranslator.keyEvent(forKeyCode:phase:timestamp:) timestamp: Double", Double.self
    ) { stage, v in
      guard let keymap = censusKeymap, let state = KeyboardState(keymap: keymap) else {
        return stage.problem("no keymap")
      }
      stage.deliver(KeyEventTranslator(state: state).keyEvent(forKeyCode: 38, phase: .down, timestamp: v))
    },
    field(
      "XKBKeyboard.KeyStroke.layout: Int", { KeyStroke(keyCode: 38, layout: 0, level: 0, modifiers: []) },
      \.layout),
    field(
      "XKBKeyboard.KeyStroke.level: Int", { KeyStroke(keyCode: 38, layout: 0, level: 0, modifiers: []) },
      \.level),
    CensusEntry("XKBKeyboard.KeyStroke.init(keyCode:layout:level:modifiers:) layout: Int", .stored) { _, v in
      KeyStroke(keyCode: 38, layout: v, level: 0, modifiers: []).layout
    },
    CensusEntry("XKBKeyboard.KeyStroke.init(keyCode:layout:level:modifiers:) level: Int", .stored) { _, v in
      KeyStroke(keyCode: 38, layout: 0, level: v, modifiers: []).level
    },
    field(
      "XKBKeyboard.TypingError.layout: Int", { TypingError(character: "a", offset: 0, layout: 0) }, \.layout),
    field(
      "XKBKeyboard.TypingError.offset: Int", { TypingError(character: "a", offset: 0, layout: 0) }, \.offset),
    CensusEntry("XKBKeyboard.TypingError.init(character:offset:layout:missingModifier:) layout: Int", .stored)
    { _, v in
      TypingError(character: "a", offset: 0, layout: v).layout
    },
    CensusEntry("XKBKeyboard.TypingError.init(character:offset:layout:missingModifier:) offset: Int", .stored)
    { _, v in
      TypingError(character: "a", offset: v, layout: 0).offset
    },
    field("XKBKeyboard.EvdevRecord.seconds: Int", { EvdevRecord(type: 1, code: 30, value: 1) }, \.seconds),
    field(
      "XKBKeyboard.EvdevRecord.microseconds: Int", { EvdevRecord(type: 1, code: 30, value: 1) },
      \.microseconds),
    CensusEntry("XKBKeyboard.EvdevRecord.init(seconds:microseconds:type:code:value:) seconds: Int", .stored) {
      _, v in
      censusDecoded(EvdevRecord(seconds: v, type: 1, code: 30, value: 1)).seconds
    },
    CensusEntry(
      "XKBKeyboard.EvdevRecord.init(seconds:microseconds:type:code:value:) microseconds: Int", .stored
    ) { _, v in
      censusDecoded(EvdevRecord(microseconds: v, type: 1, code: 30, value: 1)).microseconds
    },
    call("XKBKeyboard.KeyPress.record(seconds:microseconds:) seconds: Int", Int.self) { _, v in
      _ = censusDecoded(KeyPress(keyCode: 38, direction: .down).record(seconds: v))
    },
    call("XKBKeyboard.KeyPress.record(seconds:microseconds:) microseconds: Int", Int.self) { _, v in
      _ = censusDecoded(KeyPress(keyCode: 38, direction: .down).record(microseconds: v))
    },
    CensusEntry("XKBKeyboard.KeyDetails.layout: Int?", .stored) { (stage: CensusStage, v: Int) -> Int? in
      guard var details = censusDetails() else {
        stage.problem("no keymap")
        return nil
      }
      details.layout = v
      return details.layout
    },
    CensusEntry("XKBKeyboard.KeyDetails.level: Int?", .stored) { (stage: CensusStage, v: Int) -> Int? in
      guard var details = censusDetails() else {
        stage.problem("no keymap")
        return nil
      }
      details.level = v
      return details.level
    },
    CensusEntry(
      "XKBKeyboard.KeyDetails.init(keyCode:keyName:keysyms:keysym:utf8:utf32:layout:level:repeats:consumedModifiers:consumedModifiersGTK:) layout: Int?",
      .stored
    ) { _, v in censusDetails().map { $0.copy(layout: v) }?.layout },
    CensusEntry(
      "XKBKeyboard.KeyDetails.init(keyCode:keyName:keysyms:keysym:utf8:utf32:layout:level:repeats:consumedModifiers:consumedModifiersGTK:) level: Int?",
      .stored
    ) { _, v in censusDetails().map { $0.copy(level: v) }?.level },
  ]

  /// A driver call with one hostile argument.
  static func driverCall<Value: CensusValue>(
    _ key: String, _ type: Value.Type, _ body: @escaping @MainActor @Sendable (HeadlessDriver, Value) -> Void
  ) -> CensusEntry {
    call(key, type) { stage, value in
      stage.show(TableView()).dataSource = stage.rows
      body(stage.driver, value)
    }
  }

  /// A keymap query with one hostile argument.
  static func keymapCall<Value: CensusValue>(
    _ key: String, _ type: Value.Type, _ body: @escaping @MainActor @Sendable (Keymap, Value) -> Void
  ) -> CensusEntry {
    call(key, type) { stage, value in
      guard let keymap = censusKeymap else { return stage.problem("no keymap") }
      body(keymap, value)
    }
  }
}

extension CensusStage {
  /// Parses `bytes` at time 0, flushes a second later, and delivers what came out.
  func parse(_ bytes: [UInt8], with parser: inout InputParser) {
    deliver(parser.parse(bytes, at: 0) + parser.expire(at: 1) + parser.flush(at: 2))
  }

  /// Delivers the parser's items that are app input (keys, text, pastes, resizes).
  func deliver(_ items: [TerminalInput]) {
    for item in items {
      if case .event(let input) = item { _ = driver.send(input) }
    }
  }

  /// Replays `recording` on the stage's driver and returns it.
  @discardableResult
  func replay(_ recording: Recording) -> Recording {
    driver.replay(recording)
    driver.resize(to: CensusStage.screenSize)
    return recording
  }
}

/// One key a second in.
let censusEntries = [Recording.Entry(time: 1, input: .key(KeyEvent(keysym: .down, characters: "")))]

extension CensusStage {
  /// Replays `recording`, and its text read back, and returns it.
  @discardableResult
  func replayWritten(_ recording: Recording) -> Recording {
    replay(recording)
    if let read = try? Recording(parsing: recording.text) { replay(read) }
    return recording
  }

  /// Expects every screen height to give a region of 1 row to the screen's height.
  func expectRegion(_ presentation: TerminalPresentation) {
    for screen in [1, 24, Size.maximumScreenDimension] {
      let rows = presentation.regionRows(screenRows: screen)
      expect(rows >= 1 && rows <= screen, "\(rows) rows of a \(screen)-row screen")
    }
  }
}

/// The error a recording with a bad first line gives.
func censusRecordingError() -> RecordingError {
  do {
    _ = try Recording(parsing: "not a recording")
  } catch {
    return error
  }
  preconditionFailure("a bad recording was read")
}

/// A pointer report at the origin.
func censusPointer() -> PointerReport { PointerReport(button: .middle, action: .press, location: .zero) }

/// The record as it comes back from its bytes (`EvdevRecord(bytes:)`).
func censusDecoded(_ record: EvdevRecord) -> EvdevRecord {
  record.bytes.withUnsafeBytes { EvdevRecord(bytes: $0) } ?? record
}

/// The details of key 38 (`a`) on the census keymap.
@MainActor func censusDetails() -> KeyDetails? {
  guard let keymap = censusKeymap, let state = KeyboardState(keymap: keymap) else { return nil }
  return state.details(forKeyCode: 38)
}

extension KeyDetails {
  /// The same details with another layout or level, through the memberwise initializer.
  func copy(layout: Int?? = nil, level: Int?? = nil) -> KeyDetails {
    KeyDetails(
      keyCode: keyCode, keyName: keyName, keysyms: keysyms, keysym: keysym, utf8: utf8, utf32: utf32,
      layout: layout ?? self.layout, level: level ?? self.level, repeats: repeats,
      consumedModifiers: consumedModifiers,
      consumedModifiersGTK: consumedModifiersGTK)
  }
}
