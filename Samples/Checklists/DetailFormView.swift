import ResponderKit

/// The form of a detail screen: a prompt, a text field, and Cancel and Done buttons.
@MainActor
final class DetailFormView: View {
  let promptLabel = Label(text: "", style: TextStyle(attributes: .bold))
  let textField = DetailTextField(placeholder: "")
  let cancelButton = Button(title: "Cancel")
  let doneButton = Button(title: "Done")
  /// A note under the buttons that explains why Done is disabled.
  let noteLabel = Label(text: "", style: TextStyle(attributes: .dim))

  init() {
    super.init(frame: .zero)
    for view in [promptLabel, textField, cancelButton, doneButton, noteLabel] as [View] { addSubview(view) }
  }

  override func layoutSubviews() {
    let width = max(0, min(60, bounds.width - 4))
    promptLabel.frame = Rect(x: 2, y: 2, width: width, height: 1)
    textField.frame = Rect(x: 2, y: 4, width: width, height: 1)
    cancelButton.frame = Rect(x: 2, y: 6, width: cancelButton.sizeThatFits(.zero).width, height: 1)
    let doneWidth = doneButton.sizeThatFits(.zero).width
    doneButton.frame = Rect(
      x: max(cancelButton.frame.maxX + 2, 2 + width - doneWidth), y: 6, width: doneWidth, height: 1)
    noteLabel.frame = Rect(x: 2, y: 8, width: width, height: 1)
  }
}
