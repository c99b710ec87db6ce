import ResponderKit
import XKBKeyboard

/// The screen of KeyViewer: the keymap in use, then one line per key event, newest last;
/// below them, where the last key pressed went (its `ActionTrace` entry) and everything
/// xkbcommon says about it.
@MainActor
final class KeyLogView: View {
  /// One decoded key, as shown.
  struct Entry: Equatable {
    var phase: String
    var keyCode: String
    var keysym: String
    var text: String
    var modifiers: String
    var layout: String
    var compose: String
    var whereOnLayout: String
  }

  let keymap: Keymap
  let describer: KeyDescriber
  private(set) var entries: [Entry] = []
  /// Everything xkbcommon says about the last key pressed, one line per topic.
  private(set) var details: [String] = []
  /// Where the last key pressed went, as the application's `ActionTrace` recorded it: the
  /// menus' key equivalents, each key command and why it did not match, the `keyDown` chain,
  /// and where it ended.
  private(set) var route: [String] = []
  /// The phase of the key this view logged during the dispatch being traced, if it logged one.
  private var loggedPhase: KeyEvent.Phase?
  var maximumEntries = 200
  /// Called for each key before it is logged; the evdev path fills in layout and compose.
  var source = "terminal"

  init(keymap: Keymap, describer: KeyDescriber) {
    self.keymap = keymap
    self.describer = describer
    super.init()
  }

  override var canBecomeFirstResponder: Bool { true }

  override var keyCommands: [KeyCommand] {
    [KeyCommand(title: "Quit", input: "q", modifierFlags: .control, action: .terminate)]
  }

  override func keyDown(with event: KeyEvent) { log(event) }
  override func keyUp(with event: KeyEvent) { log(event) }
  override func insertText(_ text: String) {
    log(KeyEvent(keysym: .noSymbol, characters: text, phase: .down))
  }

  func log(_ event: KeyEvent) {
    loggedPhase = event.phase
    entries.append(describer.describe(event))
    let described = describer.details(event)
    if event.phase != .up { details = described }
    if entries.count > maximumEntries { entries.removeFirst(entries.count - maximumEntries) }
    setNeedsDisplay()
  }

  /// Called with each finished trace entry. The trace ends a key's entry after the key was
  /// logged, so the entry is matched to the key by this view having logged one meanwhile;
  /// releases are left out, as the "last key" panel leaves them out.
  func traced(_ entry: ActionTrace.Entry) {
    defer { loggedPhase = nil }
    guard let phase = loggedPhase, phase != .up else { return }
    route = entry.lines
    setNeedsDisplay()
  }

  static let columns: [(String, Int)] = [
    ("event", 7), ("code", 5), ("keysym", 16), ("text", 8), ("modifiers", 16), ("layout", 11),
    ("compose", 11), ("on this layout", 0),
  ]

  override func draw(in canvas: Canvas) {
    let bold = TextStyle(attributes: .bold)
    let dim = TextStyle(attributes: .dim)
    canvas.draw(
      "KeyViewer — \(describer.keymapDescription), keys from the \(source)", x: 0, y: 0, style: bold)
    let warnings = keymap.nameWarnings.map(\.description).joined(separator: "; ")
    canvas.draw(
      "Press keys. Control+Q quits." + (warnings.isEmpty ? "" : "   warning: \(warnings)"), x: 0, y: 1,
      style: dim)
    // The last column takes what is left of the line; text cut anywhere ends in "…".
    let screenWidth = Int(bounds.width)
    var x = 0
    for (title, width) in Self.columns {
      let room = width > 0 ? width - 1 : screenWidth - x
      canvas.draw(title, x: x, y: 3, width: room, style: TextStyle(attributes: .underline))
      x += width
    }
    // The panels below the log need a few rows of log above them to be worth showing.
    var bottom = Int(bounds.height)
    for (title, lines) in [("last key", details), ("where it went", route)] {
      guard !lines.isEmpty, bottom - lines.count - 1 >= 4 + 3 else { continue }
      bottom -= lines.count + 1
      canvas.draw(title, x: 0, y: bottom, style: TextStyle(attributes: .underline))
      for (row, line) in lines.enumerated() { canvas.draw(line, x: 0, y: bottom + 1 + row) }
    }
    let rows = max(0, bottom - 4)
    for (row, entry) in entries.suffix(rows).enumerated() {
      let cells = [
        entry.phase, entry.keyCode, entry.keysym, entry.text, entry.modifiers, entry.layout, entry.compose,
        entry.whereOnLayout,
      ]
      var x = 0
      for (index, (_, width)) in Self.columns.enumerated() {
        canvas.draw(cells[index], x: x, y: 4 + row, width: width > 0 ? width - 1 : screenWidth - x)
        x += width
      }
    }
  }
}
