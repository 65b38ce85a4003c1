import SaylineTerminal
import Foundation

exit(SaylineApp.run(arguments: CommandLine.arguments))
