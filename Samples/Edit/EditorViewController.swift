import ResponderKit

/// One document's screen: the menu bar with the document's name at its right, the text
/// (soft-wrapped to the window's width) and the library's ``StatusBar``: the line, the column
/// and whether the text is edited on the left; a message and the main keys on the right (the
/// keys give way first when the row is narrow).
@MainActor
final class EditorViewController: ViewController, TextViewDelegate {
  let menuBar = MenuBar(frame: Rect(x: 0, y: 0, width: 0, height: 1))
  let textView = EditorTextView()
  private let nameLabel = Label(style: TextStyle(attributes: [.reverse, .bold]))
  let statusLine = StatusBar()
  /// ` Ln 3, Col 7 · Edited`.
  private let positionItem = StatusBarItem(title: "")
  /// A sentence (a save that failed), empty (taking no room) otherwise.
  private let messageItem = StatusBarItem(title: "")

  /// Called when the user changed the text (typing, a paste, undo).
  var textDidChange: (@MainActor () -> Void)?

  /// The title at the top right: the document's name, " — Edited" while it is edited.
  var displayName = "" {
    didSet { updateName() }
  }

  /// Whether the text differs from the file; shown in the status line.
  var isEdited = false {
    didSet { updateStatus() }
  }

  /// A sentence in the status line (a save that failed and why, "Saved"), until replaced;
  /// the main keys are shown while it is empty.
  var message = "" {
    didSet { updateStatus() }
  }

  /// The main keys, most important first (the last are dropped first).
  static let hints = [
    (key: "^S", action: "save"), (key: "F1", action: "keys"), (key: "F10", action: "menu"),
    (key: "^O", action: "open"), (key: "^W", action: "close"), (key: "^Q", action: "quit"),
  ]

  override func loadView() {
    let root = View()
    menuBar.barStyle = TextStyle(attributes: .reverse)
    for view in [menuBar, nameLabel, textView, statusLine] as [View] { root.addSubview(view) }
    view = root
  }

  override func viewDidLoad() {
    textView.delegate = self
    positionItem.style = TextStyle(attributes: .bold)
    messageItem.lineBreakMode = .truncatingHead  // the path gives way, never the reason at the end
    statusLine.items =
      [positionItem, .flexibleSpace(), messageItem]
      + Self.hints.map { StatusBarItem(key: $0.key, title: $0.action) }
    textView.insertionPointDidChange = { [weak self] in self?.updateStatus() }
    updateName()
    updateStatus()
  }

  override func viewDidLayoutSubviews() {
    let size = view.bounds.size
    let width = size.width
    menuBar.frame = Rect(x: 0, y: 0, width: width, height: 1)
    // The name keeps clear of the menu titles (about 30 columns).
    let nameWidth = min(max(0, width - 30), Double(nameLabel.text.reduce(0) { $0 + $1.terminalWidth }))
    nameLabel.frame = Rect(x: width - nameWidth, y: 0, width: nameWidth, height: 1)
    textView.frame = Rect(x: 0, y: 1, width: width, height: max(0, size.height - 2))
    statusLine.frame = Rect(x: 0, y: max(0, size.height - 1), width: width, height: 1)
  }

  /// Where the insertion point is, 1-based.
  var position: TextPosition { TextPosition(of: textView.insertionPoint, in: textView.text) }

  func textViewDidChange(_ textView: TextView) {
    textDidChange?()
    updateStatus()
  }

  private func updateName() {
    nameLabel.text = displayName + " "
    view.setNeedsLayout()
  }

  private func updateStatus() {
    guard isViewLoaded else { return }
    let here = position
    positionItem.title = "Ln \(here.line), Col \(here.column)" + (isEdited ? " · Edited" : "")
    messageItem.title = message
  }
}
