/// Read-only text: UIKit's `UILabel`.
///
/// Text is drawn from the top row down (terminal labels do not centre vertically).
/// ``numberOfLines`` limits the lines (0: as many as the height allows); with one line, the
/// paragraphs are joined by spaces. When the text needs more lines than it gets, the last
/// line is truncated per ``lineBreakMode`` (the truncating modes) or cut off (the others).
@MainActor
open class Label: View {
  /// Creates a label.
  public init(frame: Rect = .zero, text: String = "", style: TextStyle = .plain) {
    self.text = text
    self.style = style
    super.init(frame: frame)
  }

  /// The text; newlines start new paragraphs.
  open var text: String {
    didSet { if text != oldValue { setNeedsDisplay() } }
  }

  /// Colours and attributes of the text.
  open var style: TextStyle {
    didSet { if style != oldValue { setNeedsDisplay() } }
  }

  /// A click on a label whose style has a link (``TextStyle/link``) sends
  /// ``Action/openLink`` with a nil target and the label as sender, when the touch lifts inside
  /// it: terminals that know OSC 8 open the link themselves (with their own modifier), and an
  /// app click is the app's to handle. Other touches go on up the chain.
  open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
    guard style.link != nil, let touch = touches.first, bounds.contains(touch.location(in: self)),
      let application = window?.application
    else { return super.touchesEnded(touches, with: event) }
    application.sendAction(.openLink, to: nil, from: self, for: event)
  }

  /// A linked label keeps its touches (all phases, as UIKit asks of a responder that handles
  /// any); others pass them on.
  open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
    if style.link == nil { super.touchesBegan(touches, with: event) }
  }

  /// See ``touchesBegan(_:with:)``.
  open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
    if style.link == nil { super.touchesMoved(touches, with: event) }
  }

  /// See ``touchesBegan(_:with:)``.
  open override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
    if style.link == nil { super.touchesCancelled(touches, with: event) }
  }

  /// How each line sits in the width.
  open var alignment: TextAlignment = .left {
    didSet { if alignment != oldValue { setNeedsDisplay() } }
  }

  /// How text wider than the label is wrapped or truncated.
  open var lineBreakMode: LineBreakMode = .truncatingTail {
    didSet { if lineBreakMode != oldValue { setNeedsDisplay() } }
  }

  /// The most lines to use; 0 means no limit but the height. Default 1, as in UIKit.
  open var numberOfLines = 1 {
    didSet {
      numberOfLines = max(0, numberOfLines)
      if numberOfLines != oldValue { setNeedsDisplay() }
    }
  }

  /// The lines the label shows in a box of `width` columns and `height` rows.
  public func lines(width: Int, height: Int) -> [String] {
    let maxLines = numberOfLines == 0 ? height : min(numberOfLines, height)
    guard maxLines > 0, width > 0 else { return [] }
    let paragraphs = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if maxLines == 1 {
      return [TextLayout.truncate(paragraphs.joined(separator: " "), width: width, mode: lineBreakMode)]
    }
    let byWord = lineBreakMode != .charWrapping
    let all = paragraphs.flatMap { TextLayout.wrap($0, width: width, byWord: byWord) }
    guard all.count > maxLines else { return all }
    var shown = Array(all.prefix(maxLines))
    if !lineBreakMode.wraps && lineBreakMode != .clipping {
      let rest = all[(maxLines - 1)...].joined(separator: " ")
      shown[maxLines - 1] = TextLayout.truncate(rest, width: width, mode: lineBreakMode)
    }
    return shown
  }

  /// Draws the lines.
  open override func draw(in canvas: Canvas) {
    super.draw(in: canvas)
    let width = Int(cells: bounds.width)
    for (row, line) in lines(width: width, height: Int(cells: bounds.height)).enumerated() {
      let x = alignment.offset(lineWidth: TextLayout.width(of: line), in: width)
      canvas.draw(TextLayout.prefix(line, width: width), x: x, y: row, style: style)
    }
  }

  /// The text's natural size: the widest paragraph by the number of paragraphs (one row
  /// when ``numberOfLines`` is 1), no wider than `size` allows when wrapping.
  open override func sizeThatFits(_ size: Size) -> Size {
    let paragraphs = text.split(separator: "\n", omittingEmptySubsequences: false)
    if numberOfLines == 1 {
      return Size(width: TextLayout.width(of: paragraphs.joined(separator: " ")), height: 1)
    }
    let widest = paragraphs.map { TextLayout.width(of: $0) }.max() ?? 0
    let width = size.width > 0 ? min(widest, Int(cells: size.width)) : widest
    var count = lines(width: max(1, width), height: Int.max).count
    if numberOfLines > 0 { count = min(count, numberOfLines) }
    return Size(width: width, height: count)
  }
}
