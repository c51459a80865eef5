import HingeSimCLI
import Platform

Process.exit(HingeSimCLI.run(CommandLine.arguments))
