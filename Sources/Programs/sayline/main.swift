import SaylineProgram
import Glibc

exit(SaylineApp.run(arguments: CommandLine.arguments))
