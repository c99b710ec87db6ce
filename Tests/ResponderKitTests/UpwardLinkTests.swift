import Testing

@testable import ResponderKit

/// The links the key path reads on every key — a window's application, an application's key
/// and main windows, a window's first responder, `Application.shared`, the key command
/// overlay's application — are not weak references (they would make every retain of these
/// objects slow), so each must be cleared before what it points to goes away. These prove it
/// for every way the pointee can go; `make sanitize` turns a miss into a use-after-free report.
@MainActor
struct UpwardLinkTests {
  /// A view that takes focus and, when keys reach it, runs `onKey`.
  class FocusView: View {
    var onKey: (FocusView) -> Void = { _ in }
    override var canBecomeFirstResponder: Bool { true }
    override func keyDown(with event: KeyEvent) { onKey(self) }
  }

  @Test func aWindowThatOutlivesItsApplicationHasNone() {
    let window = Window()
    weak var released: Application?
    do {
      let app = Application()
      app.addWindow(window)
      window.makeKeyAndOrderFront()
      app.finishLaunching()
      #expect(Application.shared === app && window.application === app)
      released = app
    }
    #expect(released == nil)
    #expect(window.application == nil && window.next == nil && !window.isKeyWindow)
    #expect(Application.shared == nil)
  }

  @Test func closedWindowsAreNoLongerKeyOrMain() {
    let app = Application()
    weak var released: Window?
    do {
      let window = Window()
      app.addWindow(window)
      window.makeKeyAndOrderFront()
      #expect(app.keyWindow === window && app.mainWindow === window)
      window.close()
      released = window
    }
    #expect(released == nil)
    #expect(app.keyWindow == nil && app.mainWindow == nil)
    #expect(!app.handle(.key(.character("a"))))
  }

  @Test func aFocusedViewThatLeavesTheWindowLeavesTheWindowFocused() {
    let app = Application()
    let window = Window()
    window.rootView = View()
    app.addWindow(window)
    window.makeKeyAndOrderFront()
    weak var released: FocusView?
    do {
      let view = FocusView()
      window.rootView?.addSubview(view)
      #expect(window.makeFirstResponder(view) && window.firstResponder === view)
      view.removeFromSuperview()
      released = view
    }
    #expect(released == nil)
    #expect(window.firstResponder === window)
    #expect(app.handle(.key(.character("a"))))
  }

  /// A view whose `resignFirstResponder` hands focus to another view of the same subtree,
  /// which is leaving the window too.
  final class HandingOnView: FocusView {
    weak var heir: View?
    override func resignFirstResponder() -> Bool {
      if let heir {
        self.heir = nil
        heir.becomeFirstResponder()
      }
      return super.resignFirstResponder()
    }
  }

  @Test func focusHandedOnInsideALeavingSubtreeStillLeavesTheWindow() {
    let app = Application()
    let window = Window()
    window.rootView = View()
    app.addWindow(window)
    window.makeKeyAndOrderFront()
    weak var released: View?
    do {
      let subtree = View()
      let first = HandingOnView()
      let heir = FocusView()
      subtree.addSubview(first)
      subtree.addSubview(heir)
      first.heir = heir
      window.rootView?.addSubview(subtree)
      #expect(window.makeFirstResponder(first))
      subtree.removeFromSuperview()
      released = heir
    }
    #expect(released == nil)
    #expect(window.firstResponder === window)
    #expect(app.handle(.key(.character("a"))))
  }

  @Test func aViewThatClosesItsWindowWhileHandlingAKeyEndsTheKeySafely() {
    let app = Application()
    weak var releasedWindow: Window?
    weak var releasedView: FocusView?
    var reached = 0
    do {
      let window = Window()
      let view = FocusView()
      window.rootView = View()
      window.rootView?.addSubview(view)
      app.addWindow(window)
      window.makeKeyAndOrderFront()
      #expect(window.makeFirstResponder(view))
      view.onKey = { view in
        reached += 1
        let window = view.window
        window?.close()
        window?.rootView = nil
      }
      releasedWindow = window
      releasedView = view
    }
    #expect(app.handle(.key(.character("a"))))
    #expect(reached == 1)
    #expect(releasedWindow == nil && releasedView == nil)
    #expect(app.keyWindow == nil)
  }

  @Test func theKeyCommandOverlayOutlivingItsApplicationDoesNothing() {
    var overlay: KeyCommandOverlay?
    do {
      let app = Application()
      overlay = app.keyCommandOverlay
      overlay?.show()
      #expect(overlay?.isShowing == true)
    }
    overlay?.dismiss()
    overlay?.show()
    #expect(overlay?.isShowing == false)
    #expect(overlay?.availableEntries().isEmpty == true)
  }
}
