extension Window {
  /// Where keys start: the first responder, or with none but the window, the deepest visible
  /// content view controller — a presented one, else the top of a navigation stack, else the
  /// root view controller — so a screen's key commands still work after editing ends.
  public var contentResponder: Responder {
    if let view = firstResponderViewLink { return view.object }
    if let other = firstResponder, other !== self { return other }
    // The root controller's view leaves the window while a presented one covers it.
    guard var controller = rootViewController else { return self }
    while true {
      if let presented = controller.presentedViewController, presented.window === self {
        controller = presented
      } else if let navigation = controller as? NavigationController, let top = navigation.topViewController,
        top.window === self
      {
        controller = top
      } else {
        return controller.window === self ? controller : self
      }
    }
  }

  /// Key routing in the key window: key commands, then `keyDown` on the first responder
  /// (passed up the chain), then — when it reaches the window — the key bindings. While a
  /// responder that takes text is first responder, the keys it edits with reach it before
  /// key commands that do not ask for priority (UIKit's `wantsPriorityOverSystemBehavior`).
  /// (Menus saw the key already: ``Application/sendEvent(_:)``.)
  func dispatchKey(_ event: Event) {
    let key = event.keyStorage
    let responder = contentResponder
    let trace = ActionTrace.current
    if key.phase == .up {
      trace?.handled("ended: keyUp to \(ActionTrace.name(of: responder))", by: responder)
      responder.keyUp(with: key)
      return
    }
    // Control-Tab always moves focus, so a view that eats Tab cannot trap it (AppKit).
    if key.keysym == .tab || key.keysym == .isoLeftTab, key.modifierFlags.contains(.control) {
      trace?.handled("ended: Control-Tab moves focus", by: self)
      if key.modifierFlags.contains(.shift) || key.keysym == .isoLeftTab {
        selectPreviousKeyView(nil)
      } else {
        selectNextKeyView(nil)
      }
      return
    }
    let textComesFirst = key.isTextEditingKey && responder.acceptsTextInput  // textInputComesFirst(for:)
    if performKeyCommand(for: key, event: event, onlyPriority: textComesFirst, from: responder) {
      trace?.finish("ended: key command")
      return
    }
    if let trace {
      trace.note("keyDown to \(ActionTrace.name(of: responder))")
      trace.handled("ended: keyDown, handled by \(ActionTrace.name(of: responder))", by: responder)
    }
    responder.keyDown(with: key)
  }

  /// Whether `key` reaches the first responder before menus and key commands: it takes text
  /// and edits with the key (typed text, BackSpace, Delete, the arrows, Home, End, Return).
  func textInputComesFirst(for key: KeyEvent) -> Bool {
    key.isTextEditingKey && contentResponder.acceptsTextInput
  }

  /// Finds the first key command matching `key`, from the first responder (`start`, when the
  /// caller has it already: ``contentResponder``) up the chain, and sends its action
  /// nil-targeted if something can perform it and validation allows it.
  func performKeyCommand(
    for key: KeyEvent, event: Event, onlyPriority: Bool = false, from start: Responder? = nil
  ) -> Bool {
    let trace = ActionTrace.current
    return forEachKeyCommandInChain(from: start) { command, owner in
      guard let app = application else { return false }
      @MainActor func skip(_ reason: String) -> Bool {
        trace?.note("key command \(command.shortcutDescription) of \(ActionTrace.name(of: owner)): \(reason)")
        return false
      }
      guard command.matches(key) else { return skip("different key") }
      guard !onlyPriority || command.wantsPriorityOverSystemBehavior else {
        return skip("passed by, the first responder edits text with this key")
      }
      guard let action = command.action else { return skip("has no action") }
      if let trace {
        if let reason = app.validation(of: command) { return skip(reason.rawValue) }
        trace.note(
          "key command \(command.shortcutDescription) of \(ActionTrace.name(of: owner)): sends \(action)")
      } else if !app.validateItem(command) {
        return false
      }
      return app.sendAction(action, to: nil, from: command, for: event)
    }
  }

  /// The key commands offered from the first responder up the chain, in the order the
  /// dispatch tries them (the F1 overlay lists the same).
  func keyCommandsInChain() -> [KeyCommand] {
    var commands: [KeyCommand] = []
    _ = forEachKeyCommandInChain { command, _ in
      commands.append(command)
      return false
    }
    return commands
  }

  /// Offers each key command of the chain from ``contentResponder`` (or `start`) up, in
  /// dispatch order, until `body` returns true; returns whether it did. The one walk both the
  /// dispatch and the F1 overlay use, so the overlay lists exactly what a key would reach.
  // Inlined into the dispatch on every key press: as a separate function specialized for its
  // closure it costs about 80 instructions per key more (retains and a key copy).
  @inline(__always)
  func forEachKeyCommandInChain(from start: Responder? = nil, _ body: (KeyCommand, Responder) -> Bool) -> Bool
  {
    // Objects whose class declares it offers none (ActionTable.KeptDefaults) are not asked.
    var responder: Responder? = start ?? contentResponder
    while let current = responder {
      if !current.keptDefaults.contains(.keyCommands) {
        for command in current.keyCommands where body(command, current) { return true }
      }
      responder = current.nextResponder(notKeeping: .keyCommands)
    }
    return false
  }

  /// The end of the key's trip: text for a first responder that takes it, else the bound
  /// actions, each tried up this window's chain from where keys start to the window and its
  /// delegate (AppKit's `doCommand(by:)`: `tryToPerform`), never in another window nor the
  /// application or its delegate. Tab and Shift-Tab that nothing took move focus; Escape that
  /// nothing took ends a modal session on this window. Returns whether it was used.
  func interpretKeyEvent(_ key: KeyEvent) -> Bool {
    let responder = contentResponder
    let trace = ActionTrace.current
    if responder.acceptsTextInput, key.isText {
      trace?.handled(
        "ended: text \"\(key.characters)\" inserted into \(ActionTrace.name(of: responder))", by: responder)
      responder.insertText(key.characters)
      return true
    }
    guard let app = application else { return false }
    let actions = app.keyBindings.actions(for: key)
    guard !actions.isEmpty else {
      trace?.handled("ended: unhandled, no key binding", by: nil)
      return false
    }
    trace?.handled("ended: key binding", by: nil)
    var performed = false
    for action in actions {
      let entry = trace?.begin(
        "action \(action): from key binding, tryToPerform from \(ActionTrace.name(of: responder))")
      defer { if let trace, let entry { trace.end(entry) } }
      if !app.isTerminated, sendCommand(action, from: responder) {
        performed = true
        continue
      }
      trace?.finish("dropped: nothing in the window's chain performs it")
      if action == .insertTab {
        trace?.handled("nothing performs it: Tab moves to the next key view", by: self)
        selectNextKeyView(self)
        performed = true
      } else if action == .insertBacktab {
        trace?.handled("nothing performs it: Shift-Tab moves to the previous key view", by: self)
        selectPreviousKeyView(self)
        performed = true
      } else if action == .cancelOperation, app.modalWindow === self {
        trace?.handled("nothing performs it: the modal session is aborted", by: self)
        app.abortModal()
        performed = true
      }
    }
    return performed
  }

  /// A key binding's command (AppKit's `doCommand(by:)`): `tryToPerform` from where keys
  /// start, which ends with this window and its delegate.
  private func sendCommand(_ action: Action, from responder: Responder) -> Bool {
    let saved = endsCommand
    endsCommand = true
    defer { endsCommand = saved }
    return responder.tryToPerform(action, with: self)
  }
}

extension KeyEvent.ModifierFlags {
  /// The modifiers that make a key a command rather than typing.
  static let commandKeys: KeyEvent.ModifierFlags = [.control, .alt, .super, .hyper, .meta]
}

extension KeyEvent {
  /// Whether a responder that takes text edits with this key: typed text, BackSpace, Delete,
  /// the arrows, Home, End and Return, with no Control or Alt (those keys still reach key
  /// commands and menus first).
  var isTextEditingKey: Bool {
    if isText { return true }
    guard modifierFlags.isDisjoint(with: .commandKeys) else { return false }
    switch keysym {
    case .backSpace, .delete, .left, .right, .up, .down, .home, .end, .returnKey, .kpEnter: return true
    default: return false
    }
  }

  /// Whether the key types text: printable characters with no command modifier held.
  var isText: Bool {
    modifierFlags.isDisjoint(with: .commandKeys) && text.charactersArePrintable
  }
}
