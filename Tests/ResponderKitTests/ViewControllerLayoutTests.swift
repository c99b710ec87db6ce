import Testing

@testable import ResponderKit

@MainActor
final class LayoutRecordingController: ViewController {
  var calls: [String] = []
  let child = View()

  override func loadView() {
    let root = RecordingRoot()
    root.controller = self
    root.addSubview(child)
    view = root
  }

  override func viewWillLayoutSubviews() { calls.append("will") }
  override func viewDidLayoutSubviews() {
    calls.append("did")
    child.frame = Rect(x: 1, y: 1, width: view.bounds.width - 2, height: 1)
  }

  final class RecordingRoot: View {
    weak var controller: LayoutRecordingController?
    override func layoutSubviews() { controller?.calls.append("layoutSubviews") }
  }
}

@Suite("View controller layout")
@MainActor
struct ViewControllerLayoutTests {
  @Test func theControllerHearsBeforeAndAfterItsViewLaysOut() {
    let app = Application()
    app.screenSize = Size(width: 30, height: 5)
    let window = Window()
    let controller = LayoutRecordingController()
    window.rootViewController = controller
    app.addWindow(window)
    _ = app.renderScreen()
    #expect(controller.calls == ["will", "layoutSubviews", "did"])
    #expect(controller.child.frame == Rect(x: 1, y: 1, width: 28, height: 1))

    app.screenSize = Size(width: 20, height: 5)
    _ = app.renderScreen()
    #expect(controller.calls.suffix(3) == ["will", "layoutSubviews", "did"])
    #expect(controller.child.frame.width == 18)
  }
}
