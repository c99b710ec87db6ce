import Foundation

extension Application {
  /// Follows a hover move (``MousePhase/moved``) through the tracking areas, by AppKit's
  /// rules: the areas of the window under the pointer that are active and contain it are the
  /// ones the pointer is in; the areas it left get ``Responder/mouseExited(with:)``
  /// (innermost first), then the ones it entered get ``Responder/mouseEntered(with:)``
  /// (outermost first), then every area it is in that asks for moves gets
  /// ``Responder/mouseMoved(with:)``. Each message's event carries its area.
  func trackPointer(_ event: Event) {
    guard let mouse = event.mouse else { return }
    var inside: [TrackingArea] = []
    if TrackingArea.isPointerTracked, let window = window(at: mouse.location), modalAllows(window),
      let root = window.rootView
    {
      collectAreas(in: root, containing: mouse.location, keyWindow: keyWindow, into: &inside)
    }
    let previous = hoveredAreas
    hoveredAreas = inside
    for area in previous.reversed()
    where area.options.contains(.mouseEnteredAndExited) && !inside.contains(where: { $0 === area }) {
      area.recipient?.mouseExited(with: event.about(area))
    }
    for area in inside
    where area.options.contains(.mouseEnteredAndExited) && !previous.contains(where: { $0 === area }) {
      area.recipient?.mouseEntered(with: event.about(area))
    }
    for area in inside where area.options.contains(.mouseMoved) {
      area.recipient?.mouseMoved(with: event.about(area))
    }
    eventWasDelivered = !inside.isEmpty || !previous.isEmpty
  }

  private func collectAreas(
    in view: View, containing point: Point, keyWindow: Window?, into inside: inout [TrackingArea]
  ) {
    guard !view.isHidden else { return }
    for area in view.trackingAreaStorage
    where area.activeScreenRect(keyWindow: keyWindow)?.contains(point) == true {
      inside.append(area)
    }
    for subview in view.subviews {
      collectAreas(in: subview, containing: point, keyWindow: keyWindow, into: &inside)
    }
  }
}

extension Event {
  /// A copy of this hover event about one tracking area.
  func about(_ area: TrackingArea) -> Event {
    let event = Event(mouse: mouse ?? MouseSample(buttonNumber: 0, phase: .moved, location: .zero))
    event.trackingArea = area
    return event
  }
}
