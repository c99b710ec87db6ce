import Observation

/// What an Add/Edit screen edits until Done: the typed name. The form's controls are bound to
/// it, so the stored item or checklist is untouched until Done, and Cancel just drops it.
@MainActor @Observable
final class TextDraft {
  /// The text as typed.
  var text: String

  init(text: String) { self.text = text }

  /// The text without surrounding spaces: what Done saves.
  var trimmedText: String { text.trimmingCharacters(in: .whitespaces) }

  /// Whether Done is possible: the text is not blank.
  var canFinish: Bool { !trimmedText.isEmpty }

  /// Why Done is disabled, or nothing.
  var note: String { canFinish ? "" : "Type a name to enable Done." }
}
