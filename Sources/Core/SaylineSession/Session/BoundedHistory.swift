/// The newest `capacity` entries of a history, kept in a ring: pushing, popping and dropping
/// the oldest cost the same whatever the history holds (an array's `removeFirst` moved every
/// entry, 16 KB a change once a long session had filled its thousand).
struct BoundedHistory<Entry: Sendable>: Sendable {
    let capacity: Int
    private var storage: [Entry] = []
    /// Where the oldest entry is, once `storage` is full and the ring has wrapped.
    private var start = 0
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 1)
    }

    var isEmpty: Bool { count == 0 }

    /// Adds the newest entry; when full, the oldest goes.
    mutating func push(_ entry: Entry) {
        // The slot after the newest: new storage while the ring is growing, else a slot a pop
        // freed, or (full) the oldest entry's, which goes.
        let slot = (start + count) % capacity
        if slot == storage.count { storage.append(entry) } else { storage[slot] = entry }
        if count == capacity { start = (start + 1) % capacity } else { count += 1 }
    }

    /// Takes the newest entry away.
    mutating func popLast() -> Entry? {
        guard count > 0 else { return nil }
        count -= 1
        return storage[(start + count) % capacity]
    }

    mutating func removeAll() {
        guard count > 0 || !storage.isEmpty else { return }
        storage.removeAll(keepingCapacity: true)
        start = 0
        count = 0
    }
}
