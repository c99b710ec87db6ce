/// The list of keys the app answers right now, shown over every window when F1 reaches the end
/// of the responder chain: UIKit's key-command HUD for terminals.
///
/// It lists what the key dispatch would match at this moment, from the same data: the enabled
/// menu items with a key equivalent (menus see keys first), then the key commands of the key
/// window's first responder and its chain that validate, each once, by its
/// ``KeyCommand/discoverabilityTitle`` (else its title). Because F1 comes here only when no
/// menu, key command or responder took it, an app's own F1 wins.
///
/// While it shows, keys go to it alone — Escape or F1 closes it, the arrows and page keys
/// scroll — and no window's first responder changes. Apps that need every key (KeyViewer) turn
/// it off with ``isEnabled``.
@MainActor
public final class KeyCommandOverlay {
  /// One line of the list.
  public struct Entry: Hashable, Sendable {
    /// The key, as the menus and key commands spell it (`Control+S`, `F5`).
    public var shortcut: String
    /// What it does.
    public var title: String
  }

  init(application: Application) { applicationLink = UnretainedReference(application) }

  /// The application showing the overlay, nil once it is gone.
  private var application: Application? { applicationLink?.object }
  // Unretained, not weak (see `Window.application`): the application clears it in its deinit
  // (`applicationDidEnd()`), so it never dangles.
  private var applicationLink: UnretainedReference<Application>?

  /// The application is going away.
  func applicationDidEnd() { applicationLink = nil }
  private var scrollOffset = 0

  /// Whether F1 opens the overlay. Default: true.
  public var isEnabled = true {
    didSet { if !isEnabled { dismiss() } }
  }

  /// Whether the overlay is on screen.
  public var isShowing: Bool { showing }
  // Read on every key: storage only this module sees has no runtime exclusivity check.
  private var showing = false

  /// What the overlay lists (computed when it opens).
  public private(set) var entries: [Entry] = []

  /// A one-line notice shown instead of the list (``show(message:)``), nil for the list.
  public private(set) var message: String?

  /// What the application says when Control+C reaches the end of the responder chain: a
  /// terminal user's way out is Control+C, and this app quits with Control+Q (Textual's
  /// convention: Ctrl+C copies where there is something to copy, else tells how to quit).
  public static let quitHint = "Press Ctrl+Q to quit"

  /// Shows `message` in a small box until the next key press, which then goes where it would
  /// have gone: a hint, not a mode.
  public func show(message: String) {
    guard let application else { return }
    entries = []
    self.message = message
    showing = true
    application.setNeedsDisplay()
  }

  /// The keys the dispatch would act on now, in the order it tries them: enabled menu key
  /// equivalents, then validated key commands from the key window's first responder up.
  public func availableEntries() -> [Entry] {
    guard let application else { return [] }
    var result: [Entry] = []
    var seen: Set<String> = []
    func add(_ shortcut: String, _ title: String) {
      guard !title.isEmpty, seen.insert(shortcut).inserted else { return }
      result.append(Entry(shortcut: shortcut, title: title))
    }
    func walk(_ menu: Menu) {
      for item in menu.items where !item.isSeparatorItem {
        if let key = item.keyEquivalent, item.action != nil, menu.isItemEnabled(item) {
          add(key.displayName, item.title)
        }
        if let submenu = item.submenu { walk(submenu) }
      }
    }
    if let menu = application.mainMenu { walk(menu) }
    for command in application.keyWindow?.keyCommandsInChain() ?? []
    where command.action != nil && application.validateItem(command) {
      add(command.shortcutDescription, command.discoverabilityTitle ?? command.title)
    }
    return result
  }

  /// Opens the overlay with the entries available now.
  public func show() {
    guard isEnabled, let application else { return }
    entries = availableEntries()
    message = nil
    scrollOffset = 0
    showing = true
    application.setNeedsDisplay()
  }

  /// Closes the overlay.
  public func dismiss() {
    guard isShowing else { return }
    showing = false
    application?.setNeedsDisplay()
  }

  /// A key while the overlay shows: Escape and F1 close it, arrows and page keys scroll, the
  /// rest is swallowed so nothing behind it reacts.
  func handle(_ key: KeyEvent) {
    guard key.phase != .up else { return }
    let steps: [Keysym: Int] = [.down: 1, .up: -1, .pageDown: 10, .pageUp: -10]
    if key.keysym == .escape || key.keysym == .f(1) {
      dismiss()
    } else if let step = steps[key.keysym] {
      scroll(by: step)
    }
  }

  private func scroll(by rows: Int) {
    scrollOffset = max(0, min(scrollOffset + rows, entries.count - 1))
    application?.setNeedsDisplay()
  }

  /// Draws the box centred on the screen, over everything.
  func draw(in canvas: Canvas, screen: Size, theme: Theme) {
    if let message {
      drawMessage(message, in: canvas, screen: screen, theme: theme)
      return
    }
    let keyWidth = entries.map { TextLayout.width(of: $0.shortcut) }.max() ?? 0
    let titleWidth = entries.map { TextLayout.width(of: $0.title) }.max() ?? 0
    let footer = "Esc or F1 closes"
    let empty = "No keys available here"
    // The box holds its widest line: an entry, the footer, or the empty list's sentence.
    let widest = max(keyWidth + titleWidth + 3, TextLayout.width(of: entries.isEmpty ? empty : footer))
    let width = min(Int(cells: screen.width), max(widest, TextLayout.width(of: footer)) + 4)
    let height = min(Int(cells: screen.height), max(1, entries.count) + 4)
    guard width >= 4, height >= 4 else { return }
    let box = Rect(
      x: (Int(cells: screen.width) - width) / 2, y: (Int(cells: screen.height) - height) / 2, width: width,
      height: height)
    let border = TextStyle(foreground: theme.tint)
    canvas.fill(box)
    canvas.drawBox(box, style: border, lines: .rounded)
    let x = Int(cells: box.minX) + 2
    canvas.draw(" Keys ", x: x, y: Int(cells: box.minY), style: border.adding(.bold))
    let rows = height - 4
    let shown = entries.dropFirst(min(scrollOffset, max(0, entries.count - rows))).prefix(rows)
    if entries.isEmpty {
      canvas.draw(
        TextLayout.truncate(empty, width: width - 4, mode: .truncatingTail), x: x,
        y: Int(cells: box.minY) + 1,
        style: theme.secondaryStyle())
    }
    for (row, entry) in shown.enumerated() {
      let y = Int(cells: box.minY) + 1 + row
      let keyStyle = TextStyle(foreground: theme.tint, attributes: .bold)
      canvas.draw(
        entry.shortcut, x: x + keyWidth - TextLayout.width(of: entry.shortcut), y: y, style: keyStyle)
      canvas.draw(
        TextLayout.truncate(entry.title, width: max(0, width - keyWidth - 7), mode: .truncatingTail),
        x: x + keyWidth + 2,
        y: y, style: TextStyle(foreground: theme.text))
    }
    canvas.draw(footer, x: x, y: Int(cells: box.maxY) - 2, style: theme.secondaryStyle())
  }

  /// A one-line notice in a rounded box, centred low on the screen where the eye meets it.
  private func drawMessage(_ text: String, in canvas: Canvas, screen: Size, theme: Theme) {
    let width = min(Int(cells: screen.width), TextLayout.width(of: text) + 4)
    guard width >= 4, Int(cells: screen.height) >= 3 else { return }
    let box = Rect(
      x: (Int(cells: screen.width) - width) / 2, y: max(0, Int(cells: screen.height) - 4), width: width,
      height: 3)
    let border = TextStyle(foreground: theme.tint)
    canvas.fill(box)
    canvas.drawBox(box, style: border, lines: .rounded)
    canvas.draw(
      TextLayout.truncate(text, width: width - 4, mode: .truncatingTail), x: Int(cells: box.minX) + 2,
      y: Int(cells: box.minY) + 1, style: TextStyle(foreground: theme.text, attributes: .bold))
  }
}
