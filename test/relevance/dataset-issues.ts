// 210 bug reports of "Star Courier", a space delivery game, written for the relevance check:
// [key, title, description]. Each is a distinct problem; several share vocabulary on purpose.
export const RELEVANCE_ISSUES: Array<[key: string, title: string, description: string]> = [
  // Docking
  [
    'dock-01',
    'Docking clamps never release after refuelling',
    'At Kessler Station the docking clamps stay locked once the refuel finishes, so I cannot undock and have to ' +
      'reload the save.',
  ],
  [
    'dock-02',
    'Ship bounces off the landing pad during auto-dock',
    'The autopilot approach is too fast on the last meter and the ship rebounds off pad 4, taking hull damage.',
  ],
  [
    'dock-03',
    'Docking request denied even with permission granted',
    'Traffic control says permission granted, then the pad lights turn red and the request is denied a second later.',
  ],
  [
    'dock-04',
    'Hangar doors close on the ship while docking',
    'The outer hangar doors at Mirage Outpost shut while my freighter is halfway inside and destroy it instantly.',
  ],
  [
    'dock-05',
    'Docking timer keeps counting after touchdown',
    'After landing on the pad the countdown for docking continues and I get fined for loitering.',
  ],
  [
    'dock-06',
    'Cannot dock at rotating stations with a large freighter',
    'The Behemoth freighter clips the rotating ring of Coriolis-type stations and the docking port is unreachable.',
  ],
  [
    'dock-07',
    'Pad number on HUD does not match assigned pad',
    'Traffic control assigns pad 12 but the HUD marker points to pad 7, so I land on the wrong pad and get a ' +
      'trespassing fine.',
  ],
  [
    'dock-08',
    'Undocking launches ship into the station wall',
    'Pressing launch while the ship is rotated on the pad throws it sideways into the wall of the hangar.',
  ],
  [
    'dock-09',
    'Auto-dock computer module does nothing',
    'I bought the auto-dock module and installed it, but activating it inside the no-fire zone has no effect at all.',
  ],
  [
    'dock-10',
    'Station services menu greyed out after docking',
    'Refuel, repair and rearm options are all greyed out after I dock, until I leave and come back.',
  ],
  [
    'dock-11',
    'Docking at night on planets: pad lights missing',
    'Planetary landing pads have no lights at night, the pad is completely invisible in the dark.',
  ],
  [
    'dock-12',
    'Ship slides off pad on moving carrier',
    'When docked on a fleet carrier that jumps, my ship slides off the landing pad and falls into space.',
  ],
  // Flight and navigation
  [
    'fly-01',
    'Hyperjump charge cancels when cargo scoop deployed',
    'The frame shift drive charge aborts if the cargo scoop is open, with no message telling me why.',
  ],
  [
    'fly-02',
    'Supercruise drops me 300 km from the destination',
    'Arriving at a station in supercruise always drops me far away instead of the usual 7 km distance.',
  ],
  [
    'fly-03',
    'Flight assist off makes ship spin uncontrollably',
    'Turning flight assist off causes the ship to keep rotating forever even with no input from the stick.',
  ],
  [
    'fly-04',
    'Throttle stuck at 50 percent after jump',
    'After every hyperspace jump the throttle stays at half and ignores the throttle keys until I boost.',
  ],
  [
    'fly-05',
    'Ship drifts sideways with no thrusters firing',
    'With all thrusters idle the ship slowly drifts to the left, it looks like a phantom lateral thrust.',
  ],
  [
    'fly-06',
    'Fuel scooping from stars never fills the tank',
    'Flying close to a main sequence star shows the scoop active but the fuel gauge does not rise.',
  ],
  [
    'fly-07',
    'Jump range calculation ignores cargo weight',
    'The galaxy map shows a jump range that is too long when fully loaded, and the jump then fails with ' +
      'insufficient range.',
  ],
  [
    'fly-08',
    'Interdiction minigame impossible at low framerate',
    'The escape vector moves erratically below 30 fps and I always lose the interdiction.',
  ],
  [
    'fly-09',
    'Boost recharge never completes',
    'After boosting twice in a row the boost meter freezes at 90 percent and I cannot boost again.',
  ],
  [
    'fly-10',
    'Ship overheats in deep space with no heat source',
    'Heat climbs to 150 percent while idle far from any star and modules start taking damage.',
  ],
  [
    'fly-11',
    'Autopilot route flies through planets',
    'The route plotter autopilot steers straight through a gas giant instead of going around it.',
  ],
  [
    'fly-12',
    'Camera shakes violently in asteroid belts',
    'Entering an asteroid field makes the cockpit camera shake so much the game is unplayable.',
  ],
  [
    'fly-13',
    'Landing gear deploys on its own at high speed',
    'The landing gear comes out randomly while cruising, which slows the ship to a crawl.',
  ],
  [
    'fly-14',
    'Nav beacon scan never completes',
    'Scanning the nav beacon progress bar reaches 100 percent but the system data is never revealed.',
  ],
  // Cargo and contracts
  [
    'cargo-01',
    'Delivery contract fails even though cargo was delivered',
    'I handed in 40 tons of medical supplies on time at Vega Hub and the contract still shows as failed.',
  ],
  [
    'cargo-02',
    'Cargo disappears from hold after jump',
    'After a hyperspace jump my cargo hold is empty, 64 tons of gold vanished without any pirate attack.',
  ],
  [
    'cargo-03',
    'Fragile cargo breaks from a gentle landing',
    'The fragile glassware contract fails with cargo broken although I landed at under 2 m/s.',
  ],
  [
    'cargo-04',
    'Contract reward paid twice',
    'Completing the Orion courier contract paid the reward credits two times.',
  ],
  [
    'cargo-05',
    'Cannot accept contracts when hold has exactly enough space',
    'A contract for 16 tons is refused with not enough cargo space while my hold has 16 tons free.',
  ],
  [
    'cargo-06',
    'Perishable cargo timer runs while game is paused',
    'The spoilage timer for frozen fish keeps counting down while the pause menu is open.',
  ],
  [
    'cargo-07',
    'Contract destination station does not exist',
    'A delivery mission asks me to go to Halley Dock in the Tau system, but there is no such station there.',
  ],
  [
    'cargo-08',
    'Jettisoned cargo counts as delivered',
    'If I dump cargo into space the contract still completes when I arrive, an easy exploit.',
  ],
  [
    'cargo-09',
    'Smuggling contract scanned inside a silent running ship',
    'Security scans detect illegal cargo even with silent running on and heat below 20 percent.',
  ],
  [
    'cargo-10',
    'Contract board empty at every station',
    'Since the last patch the mission board shows no contracts at any station, only a spinning loader.',
  ],
  [
    'cargo-11',
    'Cargo rack module capacity shows wrong tonnage',
    'The class 5 cargo rack says 32 tons in outfitting but only adds 16 tons to the hold.',
  ],
  [
    'cargo-12',
    'Passenger cabin VIP complains forever',
    'A VIP passenger keeps complaining about comfort and the complaint popup never goes away.',
  ],
  [
    'cargo-13',
    'Abandoning a contract does not remove the cargo',
    'After abandoning a delivery mission the mission cargo stays in my hold and cannot be sold or dropped.',
  ],
  [
    'cargo-14',
    'Limpet drones collect cargo into a full hold',
    'Collector limpets keep bringing canisters when the hold is full and the canisters are destroyed.',
  ],
  // Trading and economy
  [
    'trade-01',
    'Commodity prices never change between visits',
    'The market prices at every station are frozen and have not changed in two weeks of play.',
  ],
  [
    'trade-02',
    'Selling cargo gives zero credits',
    'Selling platinum at a station with high demand completes the sale but my balance does not increase.',
  ],
  [
    'trade-03',
    'Market shows negative stock',
    'The commodity market at Port Zeta lists -45 tons of water in stock and lets me buy it.',
  ],
  [
    'trade-04',
    'Black market missing from anarchy systems',
    'Stations in anarchy systems should have a black market but the option is not in the station menu.',
  ],
  [
    'trade-05',
    'Buying ships does not trade in the old one',
    'The shipyard says the old ship will be traded in, but after purchase I have both ships and paid the full price.',
  ],
  [
    'trade-06',
    'Credits balance resets after logging out',
    'My bank balance goes back to the starting 1000 credits every time I log out and back in.',
  ],
  [
    'trade-07',
    'Repair cost higher than the ship value',
    'A small dent costs 4 million credits to repair, more than the whole ship is worth.',
  ],
  [
    'trade-08',
    'Trade route planner suggests illegal goods',
    'The trade route planner recommends carrying narcotics into a system where they are illegal.',
  ],
  [
    'trade-09',
    'Insurance rebuy charged twice after destruction',
    'When my ship was destroyed the rebuy cost was deducted twice from my account.',
  ],
  [
    'trade-10',
    'Price tooltip shows the wrong currency symbol',
    'The price tooltip in the market uses the dollar sign instead of the credits symbol.',
  ],
  // Stations and interiors
  [
    'station-01',
    'Elevator to the concourse never arrives',
    'Calling the lift from the hangar to the station concourse does nothing, the doors never open.',
  ],
  [
    'station-02',
    'Player falls through the concourse floor',
    'Walking near the bar on the concourse my character drops through the floor into the void below.',
  ],
  [
    'station-03',
    'NPC bartender stands inside the counter',
    'The bartender at Kessler Station is half inside the counter and cannot be talked to.',
  ],
  [
    'station-04',
    'Station interior lights flicker constantly',
    'All the lights in station corridors flicker on and off, it looks like a strobe.',
  ],
  [
    'station-05',
    'Vending machine takes credits and gives nothing',
    'The snack vending machine on the concourse charges 50 credits and dispenses no item.',
  ],
  [
    'station-06',
    'Doors to the shipyard are locked',
    'The door to the shipyard area on Vega Hub is permanently locked so I cannot buy ships.',
  ],
  [
    'station-07',
    'Cannot sit in the pilot seat after walking around',
    'After leaving the ship and coming back the interact prompt for the pilot seat does not show up.',
  ],
  [
    'station-08',
    'Station announcer repeats the same line',
    'The station PA voice says welcome to Kessler every five seconds without stopping.',
  ],
  [
    'station-09',
    'Stuck in the airlock between ship and station',
    'The airlock cycle never finishes and I am trapped inside, both doors stay closed.',
  ],
  [
    'station-10',
    'Crowds of NPCs T-posing on the concourse',
    'Many background pedestrians on the concourse stand in a T-pose and slide around without animation.',
  ],
  // Planets
  [
    'planet-01',
    'Rover sinks into planet surface',
    'The surface rover partially sinks into the terrain on icy moons and cannot drive anymore.',
  ],
  [
    'planet-02',
    'Orbital cruise glide ends in a crash',
    'The glide phase when entering a planet atmosphere slams the ship into the ground at full speed.',
  ],
  [
    'planet-03',
    'Planet textures load as low resolution blur',
    'Planet surfaces stay blurry and low resolution for minutes after arriving, textures never sharpen.',
  ],
  [
    'planet-04',
    'Gravity on high-g planets pulls ship down through pad',
    'On planets above 2G my ship sinks through the landing pad and explodes.',
  ],
  [
    'planet-05',
    'Surface scanner shows no points of interest',
    'The detailed surface scanner finds no signals on any planet, even on ones with known settlements.',
  ],
  [
    'planet-06',
    'Sandstorm weather never ends',
    'A sandstorm on Tarsis 4 has lasted for three real hours and visibility stays at zero.',
  ],
  [
    'planet-07',
    'Mining laser does not work on asteroids near rings',
    'Firing the mining laser at ring asteroids produces no fragments and no ore.',
  ],
  [
    'planet-08',
    'Footsteps sound like metal on grass',
    'Walking on grassy planets plays the metal floor footstep sound.',
  ],
  [
    'planet-09',
    'Atmosphere shader turns the sky green',
    'Since the update the sky on earth-like planets is bright green instead of blue.',
  ],
  [
    'planet-10',
    'Ship lands inside a mountain',
    'The landing zone marker on Cernis 2 is inside a mountain and the ship is embedded in rock.',
  ],
  // Combat
  [
    'combat-01',
    'Pirates spawn inside my ship',
    'Pirate ships sometimes spawn directly on top of me and we both explode.',
  ],
  [
    'combat-02',
    'Shields do not recharge after combat',
    'After a fight the shield generator never comes back online, even after waiting ten minutes.',
  ],
  [
    'combat-03',
    'Turrets fire at friendly police ships',
    'My turreted weapons in fire at will mode shoot the system security ships and I get a bounty.',
  ],
  [
    'combat-04',
    'Missiles pass through enemy ships',
    'Seeker missiles visibly hit pirate ships but deal no damage and fly through them.',
  ],
  [
    'combat-05',
    'Bounty not paid after killing wanted pirate',
    'I destroyed a wanted ship and the bounty voucher never appeared in my transactions.',
  ],
  [
    'combat-06',
    'Lasers drain weapons capacitor instantly',
    'Firing a single pulse laser empties the whole weapon capacitor in one shot.',
  ],
  [
    'combat-07',
    'Enemy ships invisible on radar',
    'Hostile ships attacking me do not appear on the radar scanner at all.',
  ],
  [
    'combat-08',
    'Chaff launcher has infinite ammo',
    'The chaff launcher never runs out of ammunition and never needs a synthesis refill.',
  ],
  [
    'combat-09',
    'Target lock lost when enemy is directly ahead',
    'The target lock drops every time the enemy ship is in the center of my crosshair.',
  ],
  [
    'combat-10',
    'Hull damage indicator stuck at 100 percent',
    'The hull integrity gauge shows 100 percent even while the ship is burning and alarms are ringing.',
  ],
  [
    'combat-11',
    'Police attack me for no reason',
    'Station security opens fire as soon as I leave the pad even though I have no bounty or fine.',
  ],
  [
    'combat-12',
    'Weapons fire in the no-fire zone while docked',
    'Pressing the trigger on the pad fires my cannons inside the station and I get destroyed by security.',
  ],
  [
    'combat-13',
    'Point defense shoots down my own limpets',
    'Point defense turrets target and destroy my collector limpets.',
  ],
  [
    'combat-14',
    'Escape pod never reaches rebuy screen',
    'After my ship exploded the screen stays black with the escape pod sound and the rebuy screen never appears.',
  ],
  // Crew and NPCs
  [
    'crew-01',
    'Hired co-pilot never gets paid share',
    'My hired crew member shows zero earnings even though she gets a percentage of every contract.',
  ],
  [
    'crew-02',
    'Crew member dialogue repeats every jump',
    'The co-pilot says the same line about the weather on Mars after every single jump.',
  ],
  [
    'crew-03',
    'NPC quest giver missing from the bar',
    'The contact Lena Hart who gives the smuggler storyline is not in the Kessler bar anymore.',
  ],
  [
    'crew-04',
    'Subtitles out of sync with crew voices',
    'Subtitles for crew chatter appear several seconds after the voice line ends.',
  ],
  [
    'crew-05',
    'Cannot fire a crew member',
    'The dismiss button in the crew lounge does nothing, the crew member stays hired.',
  ],
  [
    'crew-06',
    'Crew fighter launches without pilot',
    'Launching the ship-launched fighter with a crew pilot spawns an empty fighter that drifts away.',
  ],
  [
    'crew-07',
    'Engineer unlock requirement never counts progress',
    'Delivering the requested 50 units of meta alloys to the engineer does not unlock her workshop.',
  ],
  [
    'crew-08',
    'Character creator resets the face when saving',
    'After customizing my commander face in the creator, saving resets it back to the default face.',
  ],
  [
    'crew-09',
    'Wrong name used in voice lines',
    'Characters call me by the default name Commander Smith instead of the name I chose.',
  ],
  [
    'crew-10',
    'Storyline mission does not start after cutscene',
    'After the intro cinematic of chapter 3 the mission marker never appears and the story is blocked.',
  ],
  // UI and HUD
  [
    'ui-01',
    'Inventory screen freezes when sorting by weight',
    'Opening the cargo inventory and sorting by weight locks up the interface for several seconds.',
  ],
  [
    'ui-02',
    'HUD color changes reset on restart',
    'I set the HUD color to green in options, but it is orange again after restarting the game.',
  ],
  [
    'ui-03',
    'Text overlaps in the ship outfitting panel',
    'Module names overlap their stats in the outfitting screen at 1440p.',
  ],
  [
    'ui-04',
    'Main menu buttons unresponsive to mouse clicks',
    'On the title screen the continue and new game buttons ignore mouse clicks, only the keyboard works.',
  ],
  [
    'ui-05',
    'Tooltip stays on screen forever',
    'Hovering over a module in outfitting leaves its tooltip stuck on screen even after closing the panel.',
  ],
  [
    'ui-06',
    'Mission log shows completed missions as active',
    'The transactions tab lists delivery contracts I already finished as still active.',
  ],
  [
    'ui-07',
    'Scrollbar missing in the codex',
    'The codex entries are longer than the panel but there is no scrollbar, the end of the text cannot be read.',
  ],
  [
    'ui-08',
    'Fuel gauge shows full when tank is empty',
    'The fuel gauge on the HUD reads full while the ship has run out of fuel.',
  ],
  [
    'ui-09',
    'Notifications pile up and cover the radar',
    'Notification toasts stack up in the corner and hide the radar for minutes.',
  ],
  [
    'ui-10',
    'UI scale setting does not apply on 4K',
    'Changing the UI scale slider has no effect at 3840x2160, all text is tiny.',
  ],
  [
    'ui-11',
    'Keybinding screen crashes when pressing escape',
    'Pressing escape while the keybinding screen waits for a key closes the game to desktop.',
  ],
  [
    'ui-12',
    'Compass points the wrong way',
    'The HUD compass shows the target behind me while it is actually in front.',
  ],
  [
    'ui-13',
    'Loading screen tips overlap the progress bar',
    'The tips text on loading screens is drawn over the progress bar and is unreadable.',
  ],
  [
    'ui-14',
    'Cursor invisible in the galaxy map',
    'The mouse pointer disappears when the galaxy map opens, I cannot select systems.',
  ],
  ['ui-15', 'Damage numbers show NaN', 'Floating damage numbers sometimes show NaN instead of a value during combat.'],
  [
    'ui-16',
    'Right panel tabs switch by themselves',
    'The systems panel cycles through its tabs without any input, every few seconds.',
  ],
  // Map and waypoints
  [
    'map-01',
    'Galaxy map route plotter picks longest route',
    'Plotting a route with fastest routes selected gives a path with twice as many jumps as needed.',
  ],
  [
    'map-02',
    'Waypoint marker stays after arrival',
    'The waypoint marker remains on the HUD after I reach the destination and cannot be cleared.',
  ],
  [
    'map-03',
    'System map does not show discovered planets',
    'Planets I scanned with the discovery scanner are missing from the system map.',
  ],
  [
    'map-04',
    'Bookmarks deleted after update',
    'All my saved bookmarks in the galaxy map were deleted by the latest patch.',
  ],
  [
    'map-05',
    'Galaxy map zoom stuck at maximum',
    'The zoom on the galaxy map is stuck fully zoomed out and the scroll wheel does nothing.',
  ],
  [
    'map-06',
    'Search box in galaxy map finds nothing',
    'Typing a system name in the galaxy map search returns no results even for Sol.',
  ],
  [
    'map-07',
    'Minimap rotates opposite to the ship',
    'The minimap on planet surfaces rotates counter to the ship heading.',
  ],
  [
    'map-08',
    'Distance to target shown in wrong units',
    'Distances on the HUD are shown in light seconds when they should be kilometers near stations.',
  ],
  [
    'map-09',
    'Map filters reset each time the map opens',
    'I disable economy overlays on the galaxy map, and every time I reopen the map they are on again.',
  ],
  [
    'map-10',
    'Route line drawn through unreachable neutron stars',
    'The plotted route line goes through neutron stars that my drive cannot use.',
  ],
  // Audio
  [
    'audio-01',
    'Sound cuts out after alt-tab',
    'After switching windows with alt-tab all game audio stops until restart.',
  ],
  [
    'audio-02',
    'Engine sound keeps playing when docked',
    'The engine hum continues at full volume after the ship is docked and powered down.',
  ],
  [
    'audio-03',
    'Music volume slider does nothing',
    'Moving the music slider to zero in options does not lower the soundtrack at all.',
  ],
  [
    'audio-04',
    'Loud crackling noise during hyperjump',
    'A loud crackling distortion plays during every hyperspace jump, painful with headphones.',
  ],
  [
    'audio-05',
    'Voice chat echoes my own voice',
    'In multiplayer voice chat I hear my own voice echoed back with a delay.',
  ],
  [
    'audio-06',
    'Cockpit voice warnings missing',
    'The ship computer no longer says shields down or low fuel, the warnings are silent.',
  ],
  [
    'audio-07',
    'Surround sound channels swapped',
    'With 5.1 speakers, sounds from the left come out of the right rear speaker.',
  ],
  [
    'audio-08',
    'Weapon sounds lag behind firing',
    'The laser firing sound plays half a second after the shot is visible.',
  ],
  [
    'audio-09',
    'Radio station repeats the same song',
    'The in-game radio loops one track for hours instead of cycling the playlist.',
  ],
  [
    'audio-10',
    'Audio desync in cutscenes',
    'Dialogue in story cutscenes is out of sync with the lip movements by about a second.',
  ],
  // Graphics
  [
    'gfx-01',
    'Black screen on launch with HDR enabled',
    'With HDR turned on in Windows the game starts to a black screen with only sound.',
  ],
  [
    'gfx-02',
    'Shadows flicker on the cockpit dashboard',
    'Shadow cascades on the dashboard flicker constantly while flying.',
  ],
  [
    'gfx-03',
    'Purple checkerboard textures on ships',
    'Some ship hulls render with a purple and black checkerboard missing texture.',
  ],
  ['gfx-04', 'Anti-aliasing makes the HUD blurry', 'Turning on TAA blurs all the HUD text so it is hard to read.'],
  [
    'gfx-05',
    'Stars visible through planets',
    'Background stars are drawn on top of planets, you can see them through the planet.',
  ],
  [
    'gfx-06',
    'Bloom makes stations blindingly bright',
    'The bloom effect near stations is so strong the screen is almost white.',
  ],
  ['gfx-07', 'Screen tearing with vsync on', 'Even with vsync enabled there is heavy tearing when turning the ship.'],
  [
    'gfx-08',
    'Fullscreen mode opens on the wrong monitor',
    'Fullscreen always starts on my secondary monitor instead of the primary one.',
  ],
  [
    'gfx-09',
    'Engine trails stay in space forever',
    'Exhaust trails from ships never fade and fill the sky around busy stations.',
  ],
  [
    'gfx-10',
    'Resolution resets to 720p every launch',
    'I choose 1920x1080 in graphics settings, but the game starts at 1280x720 each time.',
  ],
  ['gfx-11', 'Nebula skybox has visible seams', 'The nebula background has hard seams where the skybox faces meet.'],
  [
    'gfx-12',
    'Explosions have no particles on low settings',
    'On low effects quality ship explosions show nothing, ships just vanish.',
  ],
  [
    'gfx-13',
    'Reflections show the wrong environment',
    'Ship hull reflections show a station interior while flying in deep space.',
  ],
  ['gfx-14', 'Z-fighting on station signage', 'Signs on station walls flicker between two textures due to z-fighting.'],
  // Performance and crashes
  [
    'perf-01',
    'Game crashes when opening the galaxy map',
    'Opening the galaxy map crashes the game to desktop with an access violation.',
  ],
  [
    'perf-02',
    'Memory leak after two hours of play',
    'RAM usage climbs from 6 GB to 20 GB over two hours until the game becomes unplayable.',
  ],
  [
    'perf-03',
    'FPS drops to 10 near stations',
    'Frame rate is 120 in space but drops to 10 frames per second near any station.',
  ],
  [
    'perf-04',
    'Crash on startup after the latest patch',
    'Since version 1.4 the game crashes right after the splash screen on Windows 10.',
  ],
  [
    'perf-05',
    'Game freezes during autosave',
    'Every autosave freezes the game for about five seconds, sometimes mid-combat.',
  ],
  [
    'perf-06',
    'Stuttering every few seconds in supercruise',
    'Regular hitches every few seconds while in supercruise, frame time spikes to 200 ms.',
  ],
  [
    'perf-07',
    'Crash when selling many items at once',
    'Selling the whole cargo hold with sell all crashes to desktop.',
  ],
  ['perf-08', 'Long loading times from hard drive', 'Loading into a station takes over three minutes on an HDD.'],
  [
    'perf-09',
    'GPU at 100 percent in the main menu',
    'The main menu makes my graphics card run at full load and very hot.',
  ],
  [
    'perf-10',
    'Crash when a controller is disconnected',
    'Unplugging the gamepad during play crashes the game immediately.',
  ],
  [
    'perf-11',
    'Shader compilation stutter on first flight',
    'The first minutes of each session stutter heavily while shaders compile.',
  ],
  [
    'perf-12',
    'Game hangs on exit',
    'Quitting to desktop leaves the process running with a black window that must be killed.',
  ],
  [
    'perf-13',
    'CPU usage spikes in busy systems',
    'In systems with many ships the CPU usage goes to 100 percent and the game slows down.',
  ],
  [
    'perf-14',
    'Crash when taking a screenshot',
    'Pressing the screenshot key crashes the game when the resolution is above 1440p.',
  ],
  // Saves
  [
    'save-01',
    'Save file corrupted after power loss',
    'My save became corrupted after the PC lost power and the game says it cannot load the commander.',
  ],
  [
    'save-02',
    'Cloud save overwrites newer local progress',
    'The cloud sync replaced my local save with an older one and I lost 10 hours of progress.',
  ],
  [
    'save-03',
    'Loading a save spawns ship in space without fuel',
    'Loading my last save puts my ship in deep space with an empty fuel tank.',
  ],
  [
    'save-04',
    'Autosave disabled after changing settings',
    'The game stops autosaving after I change any graphics setting.',
  ],
  [
    'save-05',
    'Manual save slot names disappear',
    'Names I give to manual save slots are blank when I come back to the load menu.',
  ],
  ['save-06', 'Cannot delete old saves', 'The delete button on the load game screen does nothing, old saves stay.'],
  [
    'save-07',
    'Quick load restores wrong ship loadout',
    'Quick loading brings back an old module loadout instead of the one I had when saving.',
  ],
  [
    'save-08',
    'Progress lost when switching commanders',
    'Switching between my two commanders wipes the progress of the first one.',
  ],
  ['save-09', 'Save game timestamp in the future', 'Save files show a date one year in the future in the load menu.'],
  ['save-10', 'Ironman mode lets you reload saves', 'In ironman mode the load option is still available after death.'],
  // Controls
  [
    'input-01',
    'Controller vibration never stops',
    'After taking damage the gamepad keeps rumbling until I restart the game.',
  ],
  [
    'input-02',
    'Mouse sensitivity resets after each jump',
    'The mouse sensitivity goes back to default after every hyperspace jump.',
  ],
  [
    'input-03',
    'HOTAS throttle axis not detected',
    'My Thrustmaster throttle axis is not recognised in the controls menu, only the buttons work.',
  ],
  [
    'input-04',
    'Invert Y axis applies to menus too',
    'Enabling invert Y for flight also inverts the menu navigation with the stick.',
  ],
  [
    'input-05',
    'Keyboard keys cannot be rebound to numpad',
    'Binding an action to a numpad key is ignored, the old binding stays.',
  ],
  [
    'input-06',
    'Gamepad triggers swapped on PlayStation controller',
    'With a DualSense the left trigger fires primary weapons and the right one secondary.',
  ],
  [
    'input-07',
    'Headlook with mouse stuck on',
    'The mouse headlook toggle stays on and I cannot steer the ship with the mouse.',
  ],
  [
    'input-08',
    'Deadzone setting ignored for joystick',
    'Changing the joystick deadzone has no effect, the ship still drifts with the stick centered.',
  ],
  [
    'input-09',
    'Double tap to boost triggers on single tap',
    'Boost fires even when I press the key only once, the double tap setting is ignored.',
  ],
  [
    'input-10',
    'AZERTY keyboard layout wrong in menus',
    'On a French AZERTY keyboard the menus show QWERTY key names and W does not move.',
  ],
  [
    'input-11',
    'Steam Deck touch screen does not work in menus',
    'Tapping menu buttons on the Steam Deck screen has no effect.',
  ],
  [
    'input-12',
    'Input lag when frame rate is capped',
    'With the frame limiter at 60 there is a noticeable delay between stick movement and the ship turning.',
  ],
  // Multiplayer
  [
    'mp-01',
    'Disconnected from server when joining a wing',
    'Accepting a wing invite disconnects me with error code 0x4f2 every time.',
  ],
  [
    'mp-02',
    'Friends list always empty',
    'The friends panel shows no one even though my Steam friends also own the game.',
  ],
  [
    'mp-03',
    'Wingmates appear in wrong instance',
    'My wing partner shows as in the same system but we cannot see each other.',
  ],
  [
    'mp-04',
    'Rubber banding in multiplayer combat',
    'Enemy ships teleport back and forth during multiplayer fights, heavy rubber banding.',
  ],
  [
    'mp-05',
    'Matchmaking never finds a crew',
    'Searching for a multicrew session spins forever and never finds anyone.',
  ],
  [
    'mp-06',
    'Text chat messages arrive minutes late',
    'Messages in the local text chat show up several minutes after they were sent.',
  ],
  [
    'mp-07',
    'Kicked for inactivity while in the menus',
    'The server kicks me for being idle while I am actively trading in the station menus.',
  ],
  [
    'mp-08',
    'Shared bounty not split between wing members',
    'When my wing kills a target only the last hitter receives the bounty.',
  ],
  [
    'mp-09',
    'Host migration loses all mission progress',
    'When the session host leaves, the co-op mission restarts from the beginning.',
  ],
  [
    'mp-10',
    'Player names show as question marks',
    'Commanders with non-Latin names appear as rows of question marks in the contacts list.',
  ],
  ['mp-11', 'High ping to EU servers from Europe', 'Players in Germany get routed to US servers with 180 ms ping.'],
  ['mp-12', 'Cannot invite friends on crossplay', 'Inviting a friend on Xbox from PC fails with an unknown error.'],
  // Localization and text
  [
    'loc-01',
    'German text cut off in buttons',
    'Long German words like Frachtraumerweiterung do not fit in the buttons and are cut off.',
  ],
  ['loc-02', 'Japanese font missing characters', 'Some kanji in Japanese mission texts render as empty squares.'],
  ['loc-03', 'Spanish translation of fuel is wrong', 'The Spanish interface calls fuel comida, which means food.'],
  [
    'loc-04',
    'Date format ignores the language setting',
    'Dates are always month/day/year even with the language set to French.',
  ],
  [
    'loc-05',
    'Placeholder text visible in mission briefings',
    'Mission briefings show raw placeholders like {CARGO_NAME} instead of the commodity.',
  ],
  [
    'loc-06',
    'Russian language option switches to English after restart',
    'The game returns to English every time I restart, although Russian is selected.',
  ],
  // Account, achievements, store
  [
    'acct-01',
    'Achievement for first delivery not unlocking',
    'The First Delivery achievement did not unlock after completing my first courier contract.',
  ],
  [
    'acct-02',
    'Login fails with invalid credentials',
    'The launcher says invalid credentials although the same password works on the website.',
  ],
  [
    'acct-03',
    'Purchased ship paint not in livery',
    'I bought the Nebula paint job in the store but it does not show in the livery screen.',
  ],
  [
    'acct-04',
    'Two-factor code email never arrives',
    'The verification code email for login never arrives, not even in spam.',
  ],
  [
    'acct-05',
    'Store prices shown in wrong region currency',
    'The in-game store shows prices in dollars although my account is in euros.',
  ],
  [
    'acct-06',
    'Explorer rank progress stuck',
    'My exploration rank progress bar has not moved since 45 percent, despite selling lots of data.',
  ],
  ['acct-07', 'Steam achievements not syncing', 'Achievements unlocked in game do not appear on my Steam profile.'],
  [
    'acct-08',
    'Account linking to Discord fails',
    'Linking my account with Discord returns an error page after authorizing.',
  ],
  // Tutorial
  [
    'tut-01',
    'Tutorial docking lesson cannot be completed',
    'In the docking training the final step never registers even after landing on the pad.',
  ],
  [
    'tut-02',
    'Tutorial prompts show keyboard keys on gamepad',
    'Training prompts show keyboard keys while I play with a controller.',
  ],
  [
    'tut-03',
    'Skip tutorial button does nothing',
    'Clicking skip tutorial at the start has no effect, the training starts anyway.',
  ],
  [
    'tut-04',
    'Tutorial voice-over plays in the wrong order',
    'The instructor lines in the flight training play out of order and contradict the tasks.',
  ],
];
