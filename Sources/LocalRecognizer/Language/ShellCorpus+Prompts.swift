extension ShellCorpus {
    /// Commands to read out when teaching the edge engine a voice (`voicesh adapt --enroll`,
    /// the benchmarks): 3 to 8 words, long enough to carry several sounds, short enough to say
    /// in one breath.
    public static let prompts = sentences.filter { (3...8).contains($0.split(separator: " ").count) }
}
