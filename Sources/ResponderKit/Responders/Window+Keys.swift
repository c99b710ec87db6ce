extension Window {
  /// Key routing in the key window: key commands, then `keyDown` on the first responder
  /// (passed up the chain), then — when it reaches the window — the key bindings.
  /// (Menus saw the key already: ``Application/sendEvent(_:to:)``.)
  func dispatchKey(_ key: KeyEvent, event: Event) {
    let responder = firstResponder ?? self
    if key.phase == .up {
      responder.keyUp(with: key)
      return
    }
    // Control-Tab always moves focus, so a view that eats Tab cannot trap it (AppKit).
    if key.keysym == .tab || key.keysym == .isoLeftTab, key.modifierFlags.contains(.control) {
      if key.modifierFlags.contains(.shift) || key.keysym == .isoLeftTab {
        selectPreviousKeyView(nil)
      } else {
        selectNextKeyView(nil)
      }
      return
    }
    if performKeyCommand(for: key, event: event) { return }
    responder.keyDown(with: key)
  }

  /// Finds the first key command matching `key`, from the first responder up the chain, and
  /// sends its action nil-targeted if something can perform it and validation allows it.
  func performKeyCommand(for key: KeyEvent, event: Event) -> Bool {
    guard let app = application else { return false }
    for command in keyCommandsInChain() where command.matches(key) {
      guard let action = command.action, app.validateItem(command) else { continue }
      if app.sendAction(action, to: nil, from: command, for: event) { return true }
    }
    return false
  }

  /// The key commands offered from the first responder up the chain, in the order the
  /// dispatch tries them (the F1 overlay lists the same).
  func keyCommandsInChain() -> [KeyCommand] {
    var commands: [KeyCommand] = []
    var responder: Responder? = firstResponder ?? self
    while let current = responder {
      commands += current.keyCommands
      responder = current.next
    }
    return commands
  }

  /// The end of the key's trip: text for a first responder that takes it, else the bound
  /// actions sent through the chain. Tab and Shift-Tab that nothing took move focus; Escape
  /// that nothing took ends a modal session on this window. Returns whether it was used.
  func interpretKeyEvent(_ key: KeyEvent) -> Bool {
    let responder = firstResponder ?? self
    if responder.acceptsTextInput, key.isText {
      responder.insertText(key.characters)
      return true
    }
    guard let app = application else { return false }
    let actions = app.keyBindings.actions(for: key)
    guard !actions.isEmpty else { return false }
    var performed = false
    for action in actions {
      if app.sendAction(action, to: nil, from: self) {
        performed = true
      } else if action == .insertTab {
        selectNextKeyView(self)
        performed = true
      } else if action == .insertBacktab {
        selectPreviousKeyView(self)
        performed = true
      } else if action == .cancelOperation, app.modalWindow === self {
        app.abortModal()
        performed = true
      }
    }
    return performed
  }
}

extension KeyEvent {
  /// Whether the key types text: printable characters with no command modifier held.
  var isText: Bool {
    guard !characters.isEmpty, modifierFlags.isDisjoint(with: [.control, .alt, .super, .hyper, .meta]) else {
      return false
    }
    return characters.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7f }
  }
}
