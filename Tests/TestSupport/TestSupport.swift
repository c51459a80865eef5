import HingeSim
