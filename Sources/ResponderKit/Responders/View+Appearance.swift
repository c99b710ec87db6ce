extension View {
  /// The colours the view draws in: its own if set, else its superview's, else its
  /// application's ``Application/theme``, else ``Theme/standard``. Setting one styles this
  /// view and its subviews; ``resetTheme()`` inherits again.
  public var theme: Theme {
    get {
      var view: View? = self
      while let current = view {
        if let theme = current.themeOverride { return theme }
        view = current.superview
      }
      return window?.application?.theme ?? .standard
    }
    set {
      themeOverride = newValue
      setNeedsDisplayInSubtree()
    }
  }

  /// Forgets a theme set on this view, so it inherits its superview's again.
  public func resetTheme() {
    themeOverride = nil
    setNeedsDisplayInSubtree()
  }

  /// The accent colour of this view and, unless they set their own, its subviews: UIKit's
  /// inherited `tintColor`. Unset, it is the superview's, and at the top the theme's
  /// ``Theme/tint``. Setting nil inherits again.
  public var tintColor: Color! {
    get {
      var view: View? = self
      while let current = view {
        if let color = current.tintColorOverride { return color }
        view = current.superview
      }
      return theme.tint
    }
    set {
      tintColorOverride = newValue
      setNeedsDisplayInSubtree()
    }
  }

  /// The view's rows cover its subviews' (which it clips): one damage, every view marked.
  private func setNeedsDisplayInSubtree() {
    setNeedsDisplay()
    for subview in subviews { subview.markNeedsDisplayInSubtree() }
  }
}
