import Testing

@testable import ResponderKit

@MainActor
struct LabelTests {
  @Test func oneLineTruncatesTheTailByDefault() {
    let label = Label(text: "Hello, terminal world")
    #expect(label.lines(width: 10, height: 1) == ["Hello, te…"])
    #expect(label.lines(width: 30, height: 1) == ["Hello, terminal world"])
  }

  @Test func truncationModes() {
    let label = Label(text: "abcdefghij")
    label.lineBreakMode = .truncatingHead
    #expect(label.lines(width: 6, height: 1) == ["…fghij"])
    label.lineBreakMode = .truncatingMiddle
    #expect(label.lines(width: 6, height: 1) == ["abc…ij"])
    label.lineBreakMode = .clipping
    #expect(label.lines(width: 6, height: 1) == ["abcdef"])
  }

  @Test func wordWrappingUsesTheLinesAllowed() {
    let label = Label(text: "the quick brown fox jumps")
    label.numberOfLines = 0
    label.lineBreakMode = .wordWrapping
    #expect(label.lines(width: 10, height: 5) == ["the quick", "brown fox", "jumps"])
    #expect(label.lines(width: 10, height: 2) == ["the quick", "brown fox"])
    label.lineBreakMode = .truncatingTail
    #expect(label.lines(width: 10, height: 2) == ["the quick", "brown fox…"])
    label.lineBreakMode = .charWrapping
    #expect(label.lines(width: 10, height: 5) == ["the quick ", "brown fox ", "jumps"])
  }

  @Test func longWordsAreSplitAndNewlinesStartParagraphs() {
    let label = Label(text: "supercalifragilistic\nok")
    label.numberOfLines = 0
    label.lineBreakMode = .wordWrapping
    #expect(label.lines(width: 8, height: 9) == ["supercal", "ifragili", "stic", "ok"])
    label.numberOfLines = 1
    #expect(label.lines(width: 30, height: 9) == ["supercalifragilistic ok"])
  }

  @Test func wideCharactersCountTwoCells() {
    let label = Label(text: "日本語テキスト")
    #expect(label.lines(width: 7, height: 1) == ["日本語…"])
  }

  @Test func alignmentAndRendering() {
    let h = ControlHarness(screen: Size(width: 12, height: 3))
    let left = h.add(Label(frame: Rect(x: 0, y: 0, width: 12, height: 1), text: "left"))
    let center = h.add(Label(frame: Rect(x: 0, y: 1, width: 12, height: 1), text: "mid"))
    let right = h.add(Label(frame: Rect(x: 0, y: 2, width: 12, height: 1), text: "right"))
    center.alignment = .center
    right.alignment = .right
    #expect(h.screen == "left\n    mid\n       right")
    #expect(left.sizeThatFits(.zero) == Size(width: 4, height: 1))
  }

  @Test func sizeThatFitsWrapsToTheWidthGiven() {
    let label = Label(text: "the quick brown fox")
    label.numberOfLines = 0
    label.lineBreakMode = .wordWrapping
    #expect(label.sizeThatFits(Size(width: 10, height: 0)) == Size(width: 10, height: 2))
  }
}

@MainActor
struct ControlRenderingTests {
  @Test func aFormRendersToPlainText() {
    let h = ControlHarness(screen: Size(width: 24, height: 7))
    h.add(Label(frame: Rect(x: 0, y: 0, width: 24, height: 1), text: "Settings"))
    h.add(Switch(frame: Rect(x: 0, y: 1, width: 10, height: 1), title: "Wrap", isOn: true))
    h.add(Slider(frame: Rect(x: 0, y: 2, width: 11, height: 1), value: 0.5))
    h.add(Stepper(frame: Rect(x: 0, y: 3, width: 5, height: 1), value: 3))
    let segments = h.add(SegmentedControl(items: ["One", "Two", "Three"]))
    segments.frame.origin = Point(x: 0, y: 4)
    segments.selectedSegmentIndex = 1
    h.add(TextField(frame: Rect(x: 0, y: 5, width: 10, height: 1), text: "hello"))
    h.add(Button(frame: Rect(x: 0, y: 6, width: 24, height: 1), title: "OK"))
    let expected = """
      Settings
      [x] Wrap
      ━━━━━●─────
      [-|+]
       One |[Two]| Three
      hello
               [ OK ]
      """
    #expect(h.screen == expected)
  }

  @Test func anUncheckedSwitchAndAnEmptySlider() {
    let h = ControlHarness(screen: Size(width: 12, height: 2))
    h.add(Switch(frame: Rect(x: 0, y: 0, width: 12, height: 1), title: "Bold"))
    h.add(Slider(frame: Rect(x: 0, y: 1, width: 5, height: 1)))
    #expect(h.screen == "[ ] Bold\n●────")
  }

  @Test func stepperHalvesDimAtTheEnds() {
    let h = ControlHarness(screen: Size(width: 6, height: 1))
    let stepper = h.add(Stepper(value: 0, minimumValue: 0, maximumValue: 1))
    var screen = h.app.renderScreen()
    #expect(screen[1, 0].style.attributes.contains(.dim))
    #expect(!screen[3, 0].style.attributes.contains(.dim))
    stepper.value = 1
    screen = h.app.renderScreen()
    #expect(!screen[1, 0].style.attributes.contains(.dim))
    #expect(screen[3, 0].style.attributes.contains(.dim))
  }
}
