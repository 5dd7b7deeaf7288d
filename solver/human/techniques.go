package human

// Level is a difficulty level as HoDoKu names them.
type Level int

// The difficulty levels, easiest first.
const (
	Easy Level = iota + 1
	Medium
	Hard
	Unfair
	Extreme
)

// String returns the level's name, like "Hard".
func (l Level) String() string {
	switch l {
	case Easy:
		return "Easy"
	case Medium:
		return "Medium"
	case Hard:
		return "Hard"
	case Unfair:
		return "Unfair"
	case Extreme:
		return "Extreme"
	}
	return "Unrated"
}

// maxScore is HoDoKu's cap for each level: a puzzle whose total score
// passes the cap of its level moves up to the next level.
func (l Level) maxScore() int {
	switch l {
	case Easy:
		return 800
	case Medium:
		return 1000
	case Hard:
		return 1600
	case Unfair:
		return 1800
	}
	return int(^uint(0) >> 1)
}

// techniqueInfo is the rating of one technique: HoDoKu's default level
// and base score.
type techniqueInfo struct {
	level Level
	score int
}

// Technique names, as HoDoKu writes them.
const (
	FullHouse         = "Full House"
	NakedSingle       = "Naked Single"
	HiddenSingle      = "Hidden Single"
	LockedPair        = "Locked Pair"
	LockedTriple      = "Locked Triple"
	Pointing          = "Locked Candidates Type 1 (Pointing)"
	Claiming          = "Locked Candidates Type 2 (Claiming)"
	NakedPair         = "Naked Pair"
	NakedTriple       = "Naked Triple"
	NakedQuad         = "Naked Quadruple"
	HiddenPair        = "Hidden Pair"
	HiddenTriple      = "Hidden Triple"
	HiddenQuad        = "Hidden Quadruple"
	XWing             = "X-Wing"
	Swordfish         = "Swordfish"
	Jellyfish         = "Jellyfish"
	FinnedXWing       = "Finned X-Wing"
	SashimiXWing      = "Sashimi X-Wing"
	FinnedSwordfish   = "Finned Swordfish"
	SashimiSwordfish  = "Sashimi Swordfish"
	FinnedJellyfish   = "Finned Jellyfish"
	SashimiJellyfish  = "Sashimi Jellyfish"
	RemotePair        = "Remote Pair"
	BUGPlus1          = "Bivalue Universal Grave + 1"
	Skyscraper        = "Skyscraper"
	TwoStringKite     = "2-String Kite"
	TurbotFish        = "Turbot Fish"
	EmptyRectangle    = "Empty Rectangle"
	WWing             = "W-Wing"
	XYWing            = "XY-Wing"
	XYZWing           = "XYZ-Wing"
	Uniqueness1       = "Uniqueness Test 1"
	Uniqueness2       = "Uniqueness Test 2"
	Uniqueness3       = "Uniqueness Test 3"
	Uniqueness4       = "Uniqueness Test 4"
	SueDeCoq          = "Sue de Coq"
	SimpleColorsTrap  = "Simple Colors Trap"
	SimpleColorsWrap  = "Simple Colors Wrap"
	MultiColors       = "Multi Colors"
	XChain            = "X-Chain"
	XYChain           = "XY-Chain"
	NiceLoop          = "Discontinuous Nice Loop"
	AIC               = "AIC"
	GroupedNiceLoop   = "Grouped Discontinuous Nice Loop"
	GroupedAIC        = "Grouped AIC"
	ALSXZ             = "Almost Locked Set XZ-Rule"
	ALSXYWing         = "Almost Locked Set XY-Wing"
	ForcingChainContr = "Forcing Chain Contradiction"
	ForcingChainVer   = "Forcing Chain Verity"
	ForcingNetContr   = "Forcing Net Contradiction"
	ForcingNetVer     = "Forcing Net Verity"
	BruteForce        = "Brute Force"
)

// techniques holds HoDoKu's default level and score of every technique.
var techniques = map[string]techniqueInfo{
	FullHouse:         {Easy, 4},
	NakedSingle:       {Easy, 4},
	HiddenSingle:      {Easy, 14},
	LockedPair:        {Medium, 40},
	LockedTriple:      {Medium, 60},
	Pointing:          {Medium, 50},
	Claiming:          {Medium, 50},
	NakedPair:         {Medium, 60},
	NakedTriple:       {Medium, 80},
	HiddenPair:        {Medium, 70},
	HiddenTriple:      {Medium, 100},
	NakedQuad:         {Hard, 120},
	HiddenQuad:        {Hard, 150},
	XWing:             {Hard, 140},
	Swordfish:         {Hard, 150},
	Jellyfish:         {Hard, 160},
	RemotePair:        {Hard, 110},
	BUGPlus1:          {Hard, 100},
	Skyscraper:        {Hard, 130},
	TwoStringKite:     {Hard, 150},
	TurbotFish:        {Hard, 120},
	EmptyRectangle:    {Hard, 120},
	WWing:             {Hard, 150},
	XYWing:            {Hard, 160},
	XYZWing:           {Hard, 180},
	Uniqueness1:       {Hard, 100},
	Uniqueness2:       {Hard, 100},
	Uniqueness3:       {Hard, 100},
	Uniqueness4:       {Hard, 100},
	FinnedXWing:       {Hard, 130},
	SashimiXWing:      {Hard, 150},
	FinnedSwordfish:   {Unfair, 200},
	SashimiSwordfish:  {Unfair, 240},
	FinnedJellyfish:   {Unfair, 250},
	SashimiJellyfish:  {Unfair, 260},
	SueDeCoq:          {Unfair, 250},
	SimpleColorsTrap:  {Hard, 150},
	SimpleColorsWrap:  {Hard, 150},
	MultiColors:       {Hard, 200},
	XChain:            {Unfair, 260},
	XYChain:           {Unfair, 260},
	NiceLoop:          {Unfair, 280},
	AIC:               {Unfair, 280},
	GroupedNiceLoop:   {Unfair, 300},
	GroupedAIC:        {Unfair, 300},
	ALSXZ:             {Unfair, 300},
	ALSXYWing:         {Unfair, 320},
	ForcingChainContr: {Extreme, 500},
	ForcingChainVer:   {Extreme, 500},
	ForcingNetContr:   {Extreme, 700},
	ForcingNetVer:     {Extreme, 700},
	// Not one of HoDoKu's: SE's nested forcing chains, scored above the
	// forcing nets they extend.
	NestedForcingChain: {Extreme, 900},
	BruteForce:         {Extreme, 10000},
}

// finder looks for one kind of step in s and returns the first it finds.
type finder struct {
	// index is HoDoKu's position of the technique in its solver order.
	index int
	name  string
	find  func(s *state) (Step, bool)
	// unique marks the uniqueness techniques, which are only used on
	// puzzles known to have exactly one solution.
	unique bool
}

// ladder is the list of finders, easiest first, in HoDoKu's default order
// (by index). NextStep tries them in turn and returns the first step found.
//
// Where two finders share an index, the second is tried only when the
// first finds nothing, and each may return steps of a technique other
// than the one it is listed under: at 5600 the AIC finder of chains.go
// (which also finds nice loops) comes before the nice-loop finder of
// niceloop.go (a second search, with its own length bound and ranking,
// that also finds AICs); at 8500 and 8600 the verity finders of forcing.go
// (which also report the contradictions their propagation meets) come
// before the contradiction finders of contradiction.go (whose assumptions
// may also be that a candidate is false).
//
// The nested forcing chains are marked unique too, though they do not rely
// on uniqueness: on a puzzle with many solutions (an empty grid) their
// deepest levels would search for minutes and conclude nothing.
var ladder = []finder{
	{100, FullHouse, findFullHouse, false},
	{200, NakedSingle, findNakedSingle, false},
	{300, HiddenSingle, findHiddenSingle, false},
	{1000, LockedPair, func(s *state) (Step, bool) { return findLockedSubset(s, 2) }, false},
	{1100, LockedTriple, func(s *state) (Step, bool) { return findLockedSubset(s, 3) }, false},
	{1200, Pointing, findPointing, false},
	{1210, Claiming, findClaiming, false},
	{1300, NakedPair, func(s *state) (Step, bool) { return findNakedSubset(s, 2) }, false},
	{1400, NakedTriple, func(s *state) (Step, bool) { return findNakedSubset(s, 3) }, false},
	{1500, HiddenPair, func(s *state) (Step, bool) { return findHiddenSubset(s, 2) }, false},
	{1600, HiddenTriple, func(s *state) (Step, bool) { return findHiddenSubset(s, 3) }, false},
	{2000, NakedQuad, func(s *state) (Step, bool) { return findNakedSubset(s, 4) }, false},
	{2100, HiddenQuad, func(s *state) (Step, bool) { return findHiddenSubset(s, 4) }, false},
	{2200, XWing, fishFinder(2, basicFish), false},
	{2300, Swordfish, fishFinder(3, basicFish), false},
	{2400, Jellyfish, fishFinder(4, basicFish), false},
	{2800, RemotePair, findRemotePair, false},
	{2900, BUGPlus1, findBUG, true},
	{3000, Skyscraper, turbotFinder(Skyscraper), false},
	{3100, TwoStringKite, turbotFinder(TwoStringKite), false},
	{3120, TurbotFish, turbotFinder(TurbotFish), false},
	{3170, EmptyRectangle, findEmptyRectangle, false},
	{3200, WWing, findWWing, false},
	{3300, XYWing, findXYWing, false},
	{3400, XYZWing, findXYZWing, false},
	{3500, Uniqueness1, urFinder(1), true},
	{3600, Uniqueness2, urFinder(2), true},
	{3700, Uniqueness3, urFinder(3), true},
	{3800, Uniqueness4, urFinder(4), true},
	{4100, FinnedXWing, fishFinder(2, finnedFish), false},
	{4200, SashimiXWing, fishFinder(2, sashimiFish), false},
	{4300, FinnedSwordfish, fishFinder(3, finnedFish), false},
	{4400, SashimiSwordfish, fishFinder(3, sashimiFish), false},
	{4500, FinnedJellyfish, fishFinder(4, finnedFish), false},
	{4600, SashimiJellyfish, fishFinder(4, sashimiFish), false},
	{5300, SueDeCoq, findSueDeCoq, false},
	{5330, SimpleColorsTrap, func(s *state) (Step, bool) { return findSimpleColors(s, false) }, false},
	{5331, SimpleColorsWrap, func(s *state) (Step, bool) { return findSimpleColors(s, true) }, false},
	{5360, MultiColors, findMultiColors, false},
	{5400, XChain, chainFinder(xChain), false},
	{5500, XYChain, chainFinder(xyChain), false},
	{5600, AIC, chainFinder(aicChain), false},
	{5600, NiceLoop, findNiceLoop, false},
	{5650, GroupedNiceLoop, findGroupedNiceLoop, false},
	{5700, ALSXZ, findALSXZ, false},
	{5800, ALSXYWing, findALSXYWing, false},
	{8500, ForcingChainVer, forcingFinder(false), false},
	{8500, ForcingChainContr, func(s *state) (Step, bool) { return findContradiction(s, false) }, false},
	{8600, ForcingNetVer, forcingFinder(true), false},
	{8600, ForcingNetContr, func(s *state) (Step, bool) { return findContradiction(s, true) }, false},
	{8700, NestedForcingChain, findNestedChain, true},
}

// techniqueOrder lists every technique name in ladder order, for reports.
var techniqueOrder = []string{
	FullHouse, NakedSingle, HiddenSingle, LockedPair, LockedTriple, Pointing, Claiming,
	NakedPair, NakedTriple, HiddenPair, HiddenTriple, NakedQuad, HiddenQuad,
	XWing, Swordfish, Jellyfish, RemotePair, BUGPlus1, Skyscraper, TwoStringKite,
	TurbotFish, EmptyRectangle, WWing, XYWing, XYZWing,
	Uniqueness1, Uniqueness2, Uniqueness3, Uniqueness4,
	FinnedXWing, SashimiXWing, FinnedSwordfish, SashimiSwordfish, FinnedJellyfish, SashimiJellyfish,
	SueDeCoq, SimpleColorsTrap, SimpleColorsWrap, MultiColors,
	XChain, XYChain, NiceLoop, AIC, GroupedNiceLoop, GroupedAIC, ALSXZ, ALSXYWing,
	ForcingChainContr, ForcingChainVer, ForcingNetContr, ForcingNetVer, NestedForcingChain, BruteForce,
}

// TechniqueNames returns the names of all techniques in ladder order.
func TechniqueNames() []string { return append([]string(nil), techniqueOrder...) }
