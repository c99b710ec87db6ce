import ResponderKit

/// The row above the status bar that asks for a name (Rename…, New Folder…): a prompt and a
/// field. Return answers with the text, Escape (or leaving the field) answers nil.
@MainActor
final class PromptBar: View, TextFieldDelegate {
  let label = Label(text: "", style: TextStyle(attributes: .bold))
  let field = TextField()
  private var completion: ((String?) -> Void)?
  /// Where the focus goes back to.
  private weak var previousResponder: Responder?

  override init(frame: Rect = .zero) {
    super.init(frame: frame)
    addSubview(label)
    addSubview(field)
    field.delegate = self
    isHidden = true
  }

  var isAsking: Bool { completion != nil }

  /// Shows the prompt with `text` in the field, all of it selected.
  func ask(_ prompt: String, text: String, completion: @escaping (String?) -> Void) {
    self.completion = completion
    previousResponder = window?.firstResponder
    label.text = prompt
    field.text = text
    isHidden = false
    setNeedsLayout()
    _ = window?.makeFirstResponder(field)
    field.selectAll(nil)
  }

  private func finish(_ answer: String?) {
    guard let completion else { return }
    self.completion = nil
    isHidden = true
    if let previous = previousResponder, field.isFirstResponder || window?.firstResponder == nil {
      _ = window?.makeFirstResponder(previous)
    }
    completion(answer)
  }

  func textFieldShouldReturn(_ textField: TextField) -> Bool {
    finish(textField.text)
    return false
  }

  func textFieldDidEndEditing(_ textField: TextField) {
    finish(nil)
  }

  override func sizeThatFits(_ size: Size) -> Size { Size(width: size.width, height: 1) }

  override func layoutSubviews() {
    let labelWidth = Double(Columns.width(of: label.text))
    label.frame = Rect(x: 1, y: 0, width: labelWidth, height: 1)
    field.frame = Rect(x: labelWidth + 2, y: 0, width: max(0, bounds.width - labelWidth - 3), height: 1)
  }
}
