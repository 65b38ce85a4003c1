import SaylineTerminal
import Glibc

exit(SaylineApp.run(arguments: CommandLine.arguments))
