/// One item of a ``StatusBar``: a text, a key hint (a bold key then what it does), or a
/// flexible space that pushes the items after it to the right edge.
///
/// An item is a view, so its ``title`` can be bound to an `@Observable` model like any view
/// property, and the bar follows once per frame:
///
/// ```swift
/// let count = StatusBarItem(title: "")
/// count.bind(\.title, to: model, \.summary)
/// ```
///
/// An item with an ``action`` sends it when clicked, to its ``target`` or (nil target) up the
/// responder chain, as a menu item does; a key hint's key still works without the mouse.
@MainActor
open class StatusBarItem: View {
  /// What the item shows.
  public enum Kind: Sendable, Hashable {
    /// The title alone.
    case text
    /// `key`, bold, then the title: "F1 keys".
    case keyHint(key: String)
    /// Takes the room the other items leave; draws nothing.
    case flexibleSpace
  }

  /// Creates a text item.
  public init(title: String, action: Action? = nil) {
    self.kind = .text
    self.title = title
    self.action = action
    super.init(frame: .zero)
  }

  /// Creates a key hint: `key` drawn bold, then `title`.
  public init(key: String, title: String, action: Action? = nil) {
    self.kind = .keyHint(key: key)
    self.title = title
    self.action = action
    super.init(frame: .zero)
  }

  /// A space that takes the room the other items leave.
  public static func flexibleSpace() -> StatusBarItem {
    let item = StatusBarItem(title: "")
    item.kind = .flexibleSpace
    return item
  }

  /// What the item shows; changing it lays the bar out again.
  open var kind: Kind {
    didSet { if kind != oldValue { barNeedsLayout() } }
  }

  /// The text; an empty text item takes no room (so a message item with nothing to say leaves
  /// no gap).
  open var title: String {
    didSet { if title != oldValue { barNeedsLayout() } }
  }

  /// The style the item adds to the bar's: bold, a colour. The key of a hint is bold over it.
  open var style = TextStyle() {
    didSet { if style != oldValue { setNeedsDisplay() } }
  }

  /// How a text item too long for its room is cut: UIKit's label `lineBreakMode`. The default,
  /// ``LineBreakMode/clipping``, cuts the end; ``LineBreakMode/truncatingHead`` keeps the end
  /// of a sentence whose start matters least (a path, then the reason a save failed), with "…"
  /// where the cut is. Wrapping modes clip: the bar has one row.
  open var lineBreakMode = LineBreakMode.clipping {
    didSet { if lineBreakMode != oldValue { setNeedsDisplay() } }
  }

  /// Sent when the item is clicked; nil makes a click do nothing.
  open var action: Action?
  /// Where ``action`` goes; nil searches the responder chain. Held weakly.
  open weak var target: AnyObject?

  /// Whether the item takes room: flexible spaces always can, others when they have a title.
  var showsContent: Bool {
    switch kind {
    case .flexibleSpace: return true
    case .text: return !title.isEmpty
    case .keyHint(let key): return !title.isEmpty || !key.isEmpty
    }
  }

  /// The columns the item's content takes.
  var naturalWidth: Int {
    switch kind {
    case .flexibleSpace: return 0
    case .text: return StatusBar.columns(of: title)
    case .keyHint(let key):
      return StatusBar.columns(of: key) + (title.isEmpty || key.isEmpty ? 0 : 1)
        + StatusBar.columns(of: title)
    }
  }

  private func barNeedsLayout() {
    superview?.setNeedsLayout()
    superview?.setNeedsDisplay()
    setNeedsDisplay()
  }

  /// One row, as wide as the content.
  open override func sizeThatFits(_ size: Size) -> Size { Size(width: Double(naturalWidth), height: 1) }

  /// Draws the content over the bar's style, cut at the item's width.
  open override func draw(in canvas: Canvas) {
    super.draw(in: canvas)
    let base = (superview as? StatusBar)?.barStyle ?? TextStyle()
    var plain = base.adding(style.attributes)
    if style.foreground != .default { plain.foreground = style.foreground }
    if style.background != .default { plain.background = style.background }
    let width = max(0, Int(cells: bounds.width))
    switch kind {
    case .flexibleSpace:
      return
    case .text:
      let cut =
        lineBreakMode == .clipping || lineBreakMode.wraps
        ? StatusBar.prefix(title, columns: width)
        : TextLayout.truncate(title, width: width, mode: lineBreakMode)
      canvas.draw(cut, x: 0, y: 0, style: plain)
    case .keyHint(let key):
      var x = canvas.draw(StatusBar.prefix(key, columns: width), x: 0, y: 0, style: plain.adding(.bold))
      if !key.isEmpty { x += 1 }
      canvas.draw(StatusBar.prefix(title, columns: max(0, width - x)), x: x, y: 0, style: plain)
    }
  }

  /// A click sends the action.
  open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
    guard let action, let touch = touches.first, bounds.contains(touch.location(in: self)),
      let application = window?.application
    else {
      super.touchesEnded(touches, with: event)
      return
    }
    application.sendAction(action, to: target, from: self, for: event)
  }
}
