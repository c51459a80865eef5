import HingeSimCLI

#if canImport(Glibc)
  import Glibc
#endif

exit(HingeSimCLI.run(CommandLine.arguments))
