import Glibc
import SaylineText

/// Work spread over the machine's cores with plain threads: the binary loads no Foundation or
/// Dispatch (start-up time, Docs/performance.md).
package enum Parallel {
    /// Cores online, at least one; at most 16 threads are worth starting for an audit.
    package static var cores: Int { max(1, min(Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))), 16)) }

    /// `body(index)` for every index below `count`, on up to `threads` threads that each take
    /// the next index when done with one; the results in index order.
    package static func map<T: Sendable>(_ count: Int, threads: Int = cores, _ body: @escaping @Sendable (Int) -> T) -> [T] {
        guard count > 0 else { return [] }
        // Each thread speaks the caller's language: a problem found on a helper thread is
        // said in the words the person reads.
        let book = Phrasebook.current
        let work = Work(count: count, body: { index in Phrasebook.using(book) { body(index) } })
        let helpers = min(threads, count) - 1
        var started: [pthread_t] = []
        for _ in 0..<max(helpers, 0) {
            if let thread = startThread(draining: work) { started.append(thread) }
        }
        // This thread works too; a thread that could not start leaves its share here.
        work.drain()
        for thread in started { pthread_join(thread, nil) }
        return work.results()
    }
}

private protocol Runnable: AnyObject {
    func drain()
}

/// A new thread that runs `work.drain()` and ends, holding `work` until then; nil when no thread
/// could be started, so the caller does the work itself.
private func startThread(draining work: Runnable) -> pthread_t? {
    var thread = pthread_t()
    let context = Unmanaged.passRetained(work as AnyObject).toOpaque()
    let made = pthread_create(&thread, nil, { context in
        guard let context else { return nil }
        let unmanaged = Unmanaged<AnyObject>.fromOpaque(context)
        (unmanaged.takeUnretainedValue() as? Runnable)?.drain()
        unmanaged.release()
        return nil
    }, context)
    guard made == 0 else {
        Unmanaged<AnyObject>.fromOpaque(context).release()
        return nil
    }
    return thread
}

/// The indices still to do, under a lock, and a slot for each result. Each slot is written by
/// the one thread that took its index, and read only after every thread has been joined.
private final class Work<T: Sendable>: Runnable, @unchecked Sendable {
    private let count: Int
    private let body: @Sendable (Int) -> T
    private var next = 0
    private var lock = pthread_mutex_t()
    private let slots: UnsafeMutablePointer<T?>

    init(count: Int, body: @escaping @Sendable (Int) -> T) {
        self.count = count
        self.body = body
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil, count: count)
        pthread_mutex_init(&lock, nil)
    }

    deinit {
        slots.deinitialize(count: count)
        slots.deallocate()
        pthread_mutex_destroy(&lock)
    }

    private func take() -> Int? {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        guard next < count else { return nil }
        next += 1
        return next - 1
    }

    func drain() {
        while let index = take() { slots[index] = body(index) }
    }

    func results() -> [T] {
        (0..<count).compactMap { slots[$0] }
    }
}

/// One piece of work on a thread of its own while the caller goes on with another: the result
/// is taken with `wait()`, which returns at once when the work is already done.
package final class Background<T: Sendable>: Runnable, @unchecked Sendable {
    private let body: @Sendable () -> T
    private var thread = pthread_t()
    private var started = false
    // Written by the work's thread before it ends, read only after it has been joined (or, when
    // no thread could start, by the caller, which then runs the work itself).
    private var result: T?
    private let monitor = Monitor()
    private var done = false

    private init(_ body: @escaping @Sendable () -> T) {
        self.body = body
    }

    /// `body` started on a new thread; where none can be started, `wait()` runs it instead.
    package static func start(_ body: @escaping @Sendable () -> T) -> Background<T> {
        let book = Phrasebook.current
        let work = Background { Phrasebook.using(book) { body() } }
        if let thread = startThread(draining: work) {
            work.thread = thread
            work.started = true
        }
        return work
    }

    func drain() {
        let made = body()
        monitor.locked {
            result = made
            done = true
            monitor.broadcast()
        }
    }

    /// The work's result if it finishes within `seconds`, else nil: the work goes on on its
    /// own thread, unwaited for, and what it makes is let go of when it ends. For a peer that
    /// may never answer (a braille server that accepts and stays silent).
    package func wait(seconds: Double) -> T? {
        guard started else { return wait() }
        let finished = monitor.locked { () -> Bool in
            var deadline = timespec()
            clock_gettime(CLOCK_REALTIME, &deadline)
            let whole = Int(seconds), fraction = Int((seconds - Double(whole)) * 1e9)
            deadline.tv_sec += whole
            deadline.tv_nsec += fraction
            if deadline.tv_nsec >= 1_000_000_000 { deadline.tv_sec += 1; deadline.tv_nsec -= 1_000_000_000 }
            while !done {
                if !monitor.wait(until: &deadline) { return done }
            }
            return true
        }
        return finished ? wait() : nil
    }

    /// Whether the work has finished, so `wait()` would return at once.
    package var isDone: Bool { !started || monitor.locked { done } }

    deinit {
        // Never waited for: the thread ends on its own and frees what it holds.
        if started { pthread_detach(thread) }
    }

    /// The work's result, once it has finished; the first call waits for it.
    package func wait() -> T {
        if started {
            pthread_join(thread, nil)
            started = false
        }
        if let result { return result }
        let made = body()
        result = made
        return made
    }
}

/// A lock and a condition to wait on under it, for handing work from one thread to another.
package final class Monitor: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    package init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// `body`, holding the lock.
    package func locked<R>(_ body: () -> R) -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }

    /// Waits, inside `locked`, until another thread calls `broadcast`; the lock is let go
    /// meanwhile. Call it in a loop that tests what it waits for.
    package func wait() {
        pthread_cond_wait(condition, mutex)
    }

    /// `wait()` until the realtime clock reaches `deadline`: false once it has.
    package func wait(until deadline: inout timespec) -> Bool {
        pthread_cond_timedwait(condition, mutex, &deadline) != ETIMEDOUT
    }

    /// Wakes every thread waiting; call it inside `locked`, after changing what they wait for.
    package func broadcast() {
        pthread_cond_broadcast(condition)
    }
}
