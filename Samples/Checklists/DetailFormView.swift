import ResponderKit

/// The form of a detail screen: a prompt, a text field, and Cancel and Done buttons (Done at
/// the right edge), one row apart, at most 60 columns wide.
@MainActor
final class DetailFormView: StackView {
  let promptLabel = Label(text: "", style: TextStyle(attributes: .bold))
  let textField = TextField(placeholder: "")
  let cancelButton = Button(title: "Cancel")
  let doneButton = Button(title: "Done")
  /// A note under the buttons that explains why Done is disabled.
  let noteLabel = Label(text: "", style: TextStyle(attributes: .dim))

  init() {
    let buttons = StackView(arrangedSubviews: [cancelButton, doneButton], axis: .horizontal, spacing: 2)
    buttons.distribution = .equalSpacing
    textField.frame.size.height = 1
    super.init(arrangedSubviews: [promptLabel, textField, buttons, noteLabel], spacing: 1)
  }

  override func layoutSubviews() {
    layoutMargins = EdgeInsets(top: 2, left: 2, bottom: 0, right: max(2, bounds.width - 62))
    super.layoutSubviews()
  }
}
