extension Alert {
  /// Shows the alert as a sheet on `window` (AppKit's `beginSheetModal(for:completionHandler:)`)
  /// and returns at once; `completionHandler` gets the response.
  ///
  /// A terminal shows one window's worth at a time, so a sheet here is the alert in front of
  /// its window, modal for the application: the window and the rest wait for the answer, as a
  /// document's window does for its Save / Don't Save / Cancel sheet. A window not on screen
  /// has nothing to show the sheet on: the handler gets ``ModalResponse/abort`` at once.
  public func beginSheetModal(
    for window: Window, completionHandler: (@MainActor (ModalResponse) -> Void)? = nil
  ) {
    guard let app = window.application else {
      completionHandler?(.abort)
      return
    }
    beginSheetModal(for: window, in: app, completionHandler: completionHandler)
  }

  /// The sheet on `window`, or in `app` alone when the document has no window on screen.
  func beginSheetModal(
    for window: Window?, in app: Application, completionHandler: (@MainActor (ModalResponse) -> Void)?
  ) {
    if let window, window.application === app, !window.isKeyWindow, window.canBecomeKey {
      window.makeKeyAndOrderFront()
    }
    beginModal(for: app, completionHandler: completionHandler)
  }
}
