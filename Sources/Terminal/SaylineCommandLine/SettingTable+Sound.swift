import SaylineText

extension SettingTable {
    /// The settings of tones: whether they sound, and how loud, apart from speech's volume.
    static let soundSettings: [SettingSpec] = [
        SettingSpec(key: "sound", flag: "--sound", argument: "off|tones", valueWithoutArgument: nil, aliases: [],
                    environment: nil, values: SoundChoice.allCases.map(\.rawValue),
                    help: translatable("tones: a short tone at every step, before the words, its pitch the value's place in the range (low at the minimum, high at the maximum), through the sound server or ALSA; off: words alone"),
                    applyNamed: { settings, word, name in
                        guard let choice = SoundChoice(rawValue: word) else {
                            return translated("%s takes %s, not %s", name, SoundChoice.allCases.map(\.rawValue).joined(separator: ", "), TextSanitiser.echo(word))
                        }
                        settings.sound = choice
                        return nil
                    }, show: { $0.sound.rawValue }),
        SettingSpec(key: "tone-volume", flag: "--tone-volume", argument: "PERCENT", valueWithoutArgument: nil, aliases: [],
                    environment: nil, values: [],
                    help: translatable("the tones' volume from 0 to 100, apart from speech's, on the sound server's own scale (50 is an eighth of full level)"),
                    applyNamed: { settings, word, name in
                        guard let percent = Int(word), (0...100).contains(percent) else {
                            return translated("%s takes a whole number from %s to %s, not %s", name, "0", "100", TextSanitiser.echo(word))
                        }
                        settings.toneVolume = percent
                        return nil
                    }, show: { String($0.toneVolume) }),
    ]
}
