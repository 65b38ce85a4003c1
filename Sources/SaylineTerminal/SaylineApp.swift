public enum SaylineApp {
    public static func run() -> Int32 { 0 }
}
