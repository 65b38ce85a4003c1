/// AT-SPI's roles by number (at-spi2-core's `AtspiRole`), named as AT-SPI names them: the names
/// in a live control's path. Numbers past the table are named by number.
enum AtspiRole {
    static let slider: UInt32 = 51
    static let spinButton: UInt32 = 52

    private static let names: [String] = [
        "invalid", "accelerator label", "alert", "animation", "arrow", "calendar", "canvas", "check box", "check menu item",
        "color chooser", "column header", "combo box", "date editor", "desktop icon", "desktop frame", "dial", "dialog",
        "directory pane", "drawing area", "file chooser", "filler", "focus traversable", "font chooser", "frame", "glass pane",
        "html container", "icon", "image", "internal frame", "label", "layered pane", "list", "list item", "menu", "menu bar",
        "menu item", "option pane", "page tab", "page tab list", "panel", "password text", "popup menu", "progress bar",
        "push button", "radio button", "radio menu item", "root pane", "row header", "scroll bar", "scroll pane", "separator",
        "slider", "spin button", "split pane", "status bar", "table", "table cell", "table column header", "table row header",
        "tearoff menu item", "terminal", "text", "toggle button", "tool bar", "tool tip", "tree", "tree table", "unknown",
        "viewport", "window", "extended", "header", "footer", "paragraph", "ruler", "application", "autocomplete", "edit bar",
        "embedded", "entry", "chart", "caption", "document frame", "heading", "page", "section", "redundant object", "form",
        "link", "input method window", "table row", "tree item", "document spreadsheet", "document presentation",
        "document text", "document web", "document email", "comment", "list box", "grouping", "image map", "notification",
        "info bar", "level bar", "title bar", "block quote", "audio", "video", "definition", "article", "landmark", "log",
        "marquee", "math", "rating", "timer", "static", "math fraction", "math root", "subscript", "superscript",
        "description list", "description term", "description value", "footnote", "content deletion", "content insertion",
        "mark", "suggestion", "push button menu",
    ]

    static func name(_ role: UInt32) -> String {
        role < names.count ? names[Int(role)] : "role " + String(role)
    }
}

/// AT-SPI's state bits (at-spi2-core's `AtspiStateType`) that a reader says of a slider.
enum AtspiState {
    static let enabled = 8
    static let focusable = 11
    static let focused = 12
    static let sensitive = 24
    static let showing = 25
    static let defunct = 6

    /// Whether `bit` is set in a `GetState` reply's two words.
    static func isSet(_ bit: Int, in words: [UInt32]) -> Bool {
        let word = bit / 32
        return word < words.count && words[word] & (1 << UInt32(bit % 32)) != 0
    }
}
