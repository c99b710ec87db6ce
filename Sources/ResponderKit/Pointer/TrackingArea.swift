import Foundation

/// A region of a view that reports the pointer entering, leaving and moving in it: AppKit's
/// `NSTrackingArea`. Add one with ``View/addTrackingArea(_:)``; its ``owner`` then gets
/// ``Responder/mouseEntered(with:)``, ``Responder/mouseExited(with:)`` and (with
/// ``Options/mouseMoved``) ``Responder/mouseMoved(with:)``, each event carrying the area
/// (``Event/trackingArea``).
///
/// As in AppKit, areas are independent of one another: nested and overlapping areas each
/// report for themselves (a view on top does not hide a view below from its areas), exits come
/// before entries, and only the window under the pointer reports. The pointer is followed only
/// while no button is held, and only while some view holds an area does the terminal host ask
/// the terminal for motion reports.
@MainActor
public final class TrackingArea {
  /// What an area reports and when it is active (AppKit's `NSTrackingArea.Options`).
  public struct Options: OptionSet, Hashable, Sendable {
    /// The raw bits.
    public let rawValue: Int
    /// Creates options from raw bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Report the pointer entering and leaving.
    public static let mouseEnteredAndExited = Options(rawValue: 1 << 0)
    /// Report every move inside.
    public static let mouseMoved = Options(rawValue: 1 << 1)
    /// Active only while the view's window is the key window.
    public static let activeInKeyWindow = Options(rawValue: 1 << 2)
    /// Active whatever window is key (and while the terminal has no focus).
    public static let activeAlways = Options(rawValue: 1 << 3)
    /// The area is the view's bounds, however they change; ``rect`` is ignored.
    public static let inVisibleRect = Options(rawValue: 1 << 4)
  }

  /// The area, in the owning view's coordinates.
  public let rect: Rect
  /// What the area reports and when.
  public let options: Options
  /// Who gets the area's events; nil for the view it is added to. Held weakly.
  public private(set) weak var owner: Responder?
  /// Anything the app wants to find in the events (AppKit's `userInfo`).
  public let userInfo: [String: any Sendable]?
  /// The view the area is added to.
  public internal(set) weak var view: View?

  /// Creates an area. Give `.activeInKeyWindow` or `.activeAlways`; with neither, the area is
  /// active in the key window.
  public init(
    rect: Rect, options: Options, owner: Responder? = nil, userInfo: [String: any Sendable]? = nil
  ) {
    self.rect = rect
    self.options = options
    self.owner = owner
    self.userInfo = userInfo
  }

  /// The responder the events go to.
  var recipient: Responder? { owner ?? view }

  /// The area on the screen, when it is active now.
  func activeScreenRect(keyWindow: Window?) -> Rect? {
    guard let view, let window = view.window, !view.isHiddenOrInHiddenAncestor else { return nil }
    if !options.contains(.activeAlways), window !== keyWindow { return nil }
    let local = options.contains(.inVisibleRect) ? view.bounds : rect
    let origin = view.convert(toScreen: local.origin)
    return Rect(origin: origin, size: local.size)
  }

  // MARK: Whether anything tracks

  /// How many areas are added to views, in all applications: while it is not zero the
  /// terminal host asks for motion reports.
  package private(set) static var attachedCount = 0 {
    didSet { if (attachedCount == 0) != (oldValue == 0) { trackingDidChange?() } }
  }

  /// The host's hook, called when ``attachedCount`` goes from zero or to zero.
  package static var trackingDidChange: (@MainActor () -> Void)?

  /// Whether some view holds a tracking area.
  public static var isPointerTracked: Bool { attachedCount > 0 }

  static func attached(_ delta: Int) { attachedCount += delta }
}

extension View {
  /// The view's tracking areas.
  public var trackingAreas: [TrackingArea] { trackingAreaStorage }

  /// Adds a tracking area to the view (AppKit's `addTrackingArea(_:)`); an area already in
  /// another view moves here.
  public func addTrackingArea(_ area: TrackingArea) {
    if let other = area.view { other.removeTrackingArea(area) }
    area.view = self
    trackingAreaStorage.append(area)
    TrackingArea.attached(1)
  }

  /// Removes a tracking area; an area the pointer is in gets no exit (as in AppKit).
  public func removeTrackingArea(_ area: TrackingArea) {
    guard let index = trackingAreaStorage.firstIndex(where: { $0 === area }) else { return }
    trackingAreaStorage.remove(at: index)
    area.view = nil
    TrackingArea.attached(-1)
  }

  /// Whether this view or one of its superviews is hidden.
  var isHiddenOrInHiddenAncestor: Bool {
    var view: View? = self
    while let current = view {
      if current.isHidden { return true }
      view = current.superview
    }
    return false
  }
}
