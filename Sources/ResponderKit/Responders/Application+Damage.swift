import Foundation

/// Damage tracking: the application keeps the last frame and draws again only the rows views,
/// windows and the screen marked since (AppKit's invalid region drawn over the window's
/// retained backing store, UIKit's `setNeedsDisplay` over a layer's content).
extension Application {
  #if DEBUG
    static let checksDamageByDefault = true
  #else
    static let checksDamageByDefault = false
  #endif

  /// Brings the kept frame up to date and returns it: layout and button validation first (they
  /// damage what they change), then, in each band of damaged rows, the rows cleared and every
  /// window in sight drawn back to front with its canvas clipped to the band. The screen
  /// selection and key command overlay, which cover the screen, redraw it whole while they show
  /// and in the frame after.
  package func renderFrame() -> DamagedFrame {
    let columns = Int(cells: screenSize.width)
    let rows = Int(cells: screenSize.height)
    ValueBinding.applyPendingUpdates()
    findWindowsInSight(columns: columns, rows: rows)
    for window in windowsInSight.reversed() {
      window.validatedButtons.validate(in: window, application: self)
      window.rootView?.layoutIfNeeded()
    }
    let overlays = screenSelection != nil || keyCommandOverlayStorage?.isShowing == true
    let canvas: Canvas
    if let kept = frameCanvas, kept.buffer.columns == columns, kept.buffer.rows == rows {
      canvas = kept
    } else {
      canvas = Canvas(columns: columns, rows: rows)
      frameCanvas = canvas
      damage.addAll()
    }
    if overlays || overlaysInLastFrame { damage.addAll() }
    overlaysInLastFrame = overlays
    // Damage done while drawing is for the next frame.
    var drawn = damage
    damage.reset(rows: rows)
    needsDisplay = false
    frameGeneration &+= 1
    // Layout and validation may have moved or closed windows.
    findWindowsInSight(columns: columns, rows: rows)
    // The whole screen is one band: drawn as the damaged ones, with no second validation.
    for band in drawn.isFull ? [0..<rows] : drawn.bands {
      // Rows drawn between damaged ones are told as changed too: nothing is drawn unseen.
      drawn.add(rows: band)
      canvas.buffer.clear(rows: band)
      canvas.withTranslation(
        .zero,
        clippedTo: Rect(x: 0, y: Double(band.lowerBound), width: Double(columns), height: Double(band.count))
      ) { canvas in
        for window in windowsInSight.reversed() { window.display(in: canvas) }
      }
    }
    windowsInSight.removeAll(keepingCapacity: true)
    // Over everything; a frame that shows them is damaged whole (`overlays`), and so is the next.
    drawOverlays(in: canvas)
    var frame = DamagedFrame(
      buffer: canvas.buffer, changedRows: drawn.isFull ? nil : drawn.rows, generation: frameGeneration)
    if checksDamage {
      let fresh = renderFreshScreen()
      if fresh != canvas.buffer {
        reportDamageMismatch(kept: canvas.buffer, fresh: fresh)
        // What the screen must show; the next frames go on from it.
        canvas.buffer = fresh
        frame.buffer = fresh
        frame.changedRows = nil
      }
      frame.checked = fresh
    }
    return frame
  }

  /// Names each view whose cells differ between the kept frame and the screen drawn anew.
  private func reportDamageMismatch(kept: CellBuffer, fresh: CellBuffer) {
    var lines: [String] = []
    var named: Set<ObjectIdentifier> = []
    for y in 0..<fresh.rows {
      for x in 0..<fresh.columns where kept[x, y] != fresh[x, y] {
        let view = viewDrawing(at: Point(x: Double(x), y: Double(y)))
        let key = view.map(ObjectIdentifier.init) ?? ObjectIdentifier(self)
        guard named.insert(key).inserted else { continue }
        let name = view.map { "\(type(of: $0)) (frame \($0.frame))" } ?? "no view"
        lines.append(
          "  cell (\(x), \(y)): kept \(kept[x, y].text.debugDescription), drawn anew "
            + "\(fresh[x, y].text.debugDescription), drawn by \(name)")
      }
    }
    let report =
      "ResponderKit: a frame drawn over the last one differs from the screen drawn anew: a view "
      + "changed what it draws without setNeedsDisplay() (Application.checksDamage)\n"
      + lines.joined(separator: "\n")
    if let handler = damageCheckHandler { return handler(report) }
    if ProcessInfo.processInfo.environment["RESPONDERKIT_DAMAGE_CHECK"] == "log" {
      print(report)
      return
    }
    preconditionFailure(report)
  }

  /// The frontmost, deepest visible view whose frame holds the screen cell `point`.
  private func viewDrawing(at point: Point) -> View? {
    findWindowsInSight(columns: Int(cells: screenSize.width), rows: Int(cells: screenSize.height))
    defer { windowsInSight.removeAll(keepingCapacity: true) }
    for window in windowsInSight where window.frame.contains(point) {
      guard let root = window.rootView, !root.isHidden else { return nil }
      var view = root
      var local = root.convert(fromScreen: point)
      descending: while true {
        for subview in view.subviews.reversed() where !subview.isHidden && subview.frame.contains(local) {
          local = Point(
            x: local.x - subview.frame.minX + subview.bounds.minX,
            y: local.y - subview.frame.minY + subview.bounds.minY)
          view = subview
          continue descending
        }
        return view
      }
    }
    return nil
  }
}
