/// One command in a ``Menu``: a title, an action sent to a target (nil: the first
/// responder), an optional key equivalent shown at the right, or a submenu, or a separator.
///
/// Under ``Menu/autoenablesItems`` (the default) ``isEnabled`` is recomputed whenever the
/// menu is about to show or to match a key: it is true only when the action resolves to a
/// target — its own, or one in the responder chain — whose `validate(_:)` agrees (GNUstep's
/// `_autoenableItem`). So "Copy" is disabled when nothing focused can copy.
@MainActor
public final class MenuItem: ValidatedItem {
  /// Whether a checkmark is shown beside the title.
  public enum State: Sendable, Hashable {
    /// No mark.
    case off
    /// `✓`.
    case on
    /// `-`: some of a selection have it.
    case mixed
  }

  /// Creates an item. A nil `target` sends the action through the responder chain.
  public init(
    title: String, action: Action? = nil, keyEquivalent: KeySpec? = nil, target: (any ActionTarget)? = nil
  ) {
    self.title = title
    self.action = action
    self.keyEquivalent = keyEquivalent
    self.target = TargetReference(target)
    self.isSeparatorItem = false
  }

  private init(separator: Void) {
    title = ""
    action = nil
    target = .firstResponder
    isSeparatorItem = true
  }

  /// A dividing line; never enabled, never selectable.
  public static func separator() -> MenuItem {
    MenuItem(separator: ())
  }

  /// The text shown.
  public var title: String
  /// The action sent when the item is chosen.
  public var action: Action?
  /// Where the action goes: an object (held weakly) or the first responder.
  public var target: TargetReference
  /// The key that chooses the item without opening the menu, shown right-aligned.
  public var keyEquivalent: KeySpec?
  /// An app-defined number.
  public var tag = 0
  /// The checkmark state.
  public var state: State = .off
  /// Anything the app wants to attach.
  public var representedObject: Any?
  /// Whether the item can be chosen. Set by validation when the menu auto-enables; set it
  /// yourself when it does not.
  public var isEnabled = true
  /// Whether the item stays usable during a modal session although its target is not in the
  /// modal window (AppKit's `worksWhenModal`, here on the item as well as on targets).
  public var worksWhenModal = false
  /// True for a ``separator()``.
  public let isSeparatorItem: Bool

  /// A menu opened from this item instead of sending an action.
  public var submenu: Menu? {
    didSet { submenu?.supermenu = menu }
  }

  /// The menu holding the item.
  public internal(set) weak var menu: Menu? {
    didSet { submenu?.supermenu = menu }
  }

  /// Whether the item opens a submenu.
  public var hasSubmenu: Bool { submenu != nil }
}
