import ResponderKit
import XKBKeyboard

/// The screen of KeyViewer: the keymap in use, then one line per key event, newest last.
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
    entries.append(describer.describe(event))
    let described = describer.details(event)
    if event.phase != .up { details = described }
    if entries.count > maximumEntries { entries.removeFirst(entries.count - maximumEntries) }
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
    var x = 0
    for (title, width) in Self.columns {
      canvas.draw(title, x: x, y: 3, style: TextStyle(attributes: .underline))
      x += width
    }
    // The last key's details need a few rows of log above them to be worth showing.
    let panel = details.isEmpty || Int(bounds.height) < 4 + details.count + 1 + 3 ? 0 : details.count + 1
    let rows = max(0, Int(bounds.height) - 4 - panel)
    for (row, entry) in entries.suffix(rows).enumerated() {
      let cells = [
        entry.phase, entry.keyCode, entry.keysym, entry.text, entry.modifiers, entry.layout, entry.compose,
        entry.whereOnLayout,
      ]
      var x = 0
      for (index, (_, width)) in Self.columns.enumerated() {
        let text = width > 0 ? String(cells[index].prefix(width - 1)) : cells[index]
        canvas.draw(text, x: x, y: 4 + row)
        x += width
      }
    }
    guard panel > 0 else { return }
    let top = Int(bounds.height) - details.count
    canvas.draw("last key", x: 0, y: top - 1, style: TextStyle(attributes: .underline))
    for (row, line) in details.enumerated() { canvas.draw(line, x: 0, y: top + row) }
  }
}
