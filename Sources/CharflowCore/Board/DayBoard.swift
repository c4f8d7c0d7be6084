/// One logical day's board: three regions, each with its buckets in manual order.
public struct DayBoard: Sendable {
    public let day: LocalDay
    public let regions: [RegionCard]

    /// Builds the board from the tasks placed on `day` (other tasks, and dropped ones, are ignored).
    public init(day: LocalDay, tasks: [TaskItem]) {
        self.day = day
        let placed = tasks.filter { $0.isPlaced(on: day) && $0.droppedAt == nil }
        regions = Region.allCases.map { region in
            RegionCard(region: region, tasks: placed.filter { $0.region == region })
        }
    }

    public func card(_ region: Region) -> RegionCard {
        regions.first { $0.region == region }!
    }

    /// Every task on the board, region by region.
    public var allTasks: [TaskItem] { regions.flatMap(\.allTasks) }

    public var progress: BoardProgress {
        BoardProgress(total: allTasks.count, completed: allTasks.filter(\.isCompleted).count)
    }
}

/// One region of one day: its buckets, their counts against the limits, and its progress.
public struct RegionCard: Sendable {
    public let region: Region
    public let mustDo: [TaskItem]
    public let complementary: [TaskItem]
    public let misc: [TaskItem]

    public init(region: Region, tasks: [TaskItem]) {
        self.region = region
        mustDo = Board.manualOrder(tasks.filter { $0.bucket == .mustDo })
        complementary = Board.manualOrder(tasks.filter { $0.bucket == .complementary })
        misc = Board.manualOrder(tasks.filter { $0.bucket == .misc || $0.bucket == nil })
    }

    public func tasks(in bucket: Bucket) -> [TaskItem] {
        switch bucket {
        case .mustDo: mustDo
        case .complementary: complementary
        case .misc: misc
        }
    }

    /// How many more tasks `bucket` takes (the 1–3–5 limits, as `Board.ensureRoom` counts them: done
    /// tasks hold their place); 0 when it is full or, after a merge, over.
    public func room(in bucket: Bucket) -> Int {
        max(0, bucket.limit - tasks(in: bucket).count)
    }

    public var allTasks: [TaskItem] { mustDo + complementary + misc }
    public var isEmpty: Bool { allTasks.isEmpty }

    /// The notice for a region holding more than 1–3–5, or nil. Placing refuses past the limits, so
    /// only a merge of two devices' boards (or an import) leaves a region over (rule Y-9).
    public var overLimit: Signal? {
        guard mustDo.count > Bucket.mustDo.limit || complementary.count > Bucket.complementary.limit
            || misc.count > Bucket.misc.limit else { return nil }
        return .regionOverLimit(region: region, mustDo: mustDo.count, complementary: complementary.count, misc: misc.count)
    }

    public var progress: BoardProgress {
        BoardProgress(total: allTasks.count, completed: allTasks.filter(\.isCompleted).count)
    }
}

/// Done out of placed, with a whole-number percentage (0 when nothing is placed).
public struct BoardProgress: Sendable, Equatable {
    public let total: Int
    public let completed: Int

    public init(total: Int, completed: Int) {
        self.total = total
        self.completed = completed
    }

    public var percent: Int {
        total == 0 ? 0 : (completed * 100 + total / 2) / total
    }
}
