import ResponderKit

/// The row shown while a folder is read: a spinner, the count so far and a bar.
@MainActor
final class LoadingView: View {
  let spinner = ProgressIndicator(style: .spinning)
  let label = Label(text: "")
  let bar = ProgressIndicator(style: .bar)

  override init(frame: Rect = .zero) {
    super.init(frame: frame)
    addSubview(spinner)
    addSubview(label)
    addSubview(bar)
    // Always animating: while the row is hidden nothing draws it, so no timer runs.
    spinner.startAnimation(nil)
  }

  override func sizeThatFits(_ size: Size) -> Size { Size(width: size.width, height: 1) }

  override func layoutSubviews() {
    let width = bounds.width
    spinner.frame = Rect(x: 1, y: 0, width: 1, height: 1)
    let labelWidth = min(28, max(0, width - 3))
    label.frame = Rect(x: 3, y: 0, width: labelWidth, height: 1)
    bar.frame = Rect(x: 3 + labelWidth + 1, y: 0, width: max(0, width - labelWidth - 5), height: 1)
  }
}
